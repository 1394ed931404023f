// The start-up job's Swift floor: a Swift program that only prints one line, to show what the
// Swift runtime's own start-up costs on this machine.
print(#"{"hello":"swift"}"#)
