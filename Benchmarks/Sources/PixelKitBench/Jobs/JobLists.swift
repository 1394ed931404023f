/// Every job the benchmark runs. Adding a job is one line here plus its file in `Jobs/`.
enum JobLists {
    /// Jobs whose methods each run in a child process (time and peak memory per method).
    static var processJobs: [any ProcessJob.Type] {
        [AverageColorJob.self, ThumbnailBenchmark.self, RenderBenchmark.self, SharedDecodeBenchmark.self, ColorBenchmark.self, PipelineBenchmark.self,
         StartUpBenchmark.self, DecodeBombJob.self]
    }
    /// In-process micro-benchmarks (per-operation times).
    static var microJobs: [any MicroBenchmarkJob.Type] {
        [RotatingLogBenchmark.self, TransitionsBenchmark.self, ThemesBenchmark.self, LayoutBenchmark.self, BlurHashBenchmark.self]
    }
}
