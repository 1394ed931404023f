import PixelKitCommandSupport
import RotatingLog
import Themes

// The modules' errors that carry a `FileError`, so the command line's voice names their file once.
extension LogFileError: CarriesFileError {}
extension ThemeFileError: CarriesFileError {}
