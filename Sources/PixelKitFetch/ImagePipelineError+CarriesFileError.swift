import ImagePipeline
import PixelKitCommandSupport

// A file URL's or the cache's file error names its file once in the command line's voice.
extension ImagePipelineError: CarriesFileError {}
