// `ThemeFileError.Problem.file` and `ThemePreferenceStoreError.file` carry the package's one
// file-error vocabulary: `import Themes` brings `FileError` and `FileKind`.
@_exported import PixelKitFileErrors
