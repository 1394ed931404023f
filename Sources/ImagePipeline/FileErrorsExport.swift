// `ImagePipelineError.file` carries the package's one file-error vocabulary: `import ImagePipeline`
// brings `FileError` and `FileKind`.
@_exported import PixelKitFileErrors
