import CalPolicyCLI
import CHeapTuning
import Glibc

// Runs of days' records come from the heap and are reused (CHeapTuning.h says why).
_ = cht_tune_heap(16 << 20, 32 << 20)
exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
