import PixelKit

/// An error that may carry the package's one file error: every library module's error does
/// (`ImageError.fileError`, `ImagePipelineError.fileError`, `ThemeFileError.fileError`,
/// `LogFileError.fileError`). ``CommandLineVoice`` prints such a failure as `pixelkit: PATH: reason`.
package protocol CarriesFileError: Error {
    /// The file error, or `nil` when the failure is not about a file.
    var fileError: FileError? { get }
}

extension ImageError: CarriesFileError {}

extension FileError: CarriesFileError {
    /// The error itself.
    package var fileError: FileError? { self }
}
