import CalPolicyServer
import CHeapTuning
import Glibc

// As calpolicy does: a request's runs of records come from the heap and are reused.
_ = cht_tune_heap(16 << 20, 32 << 20)
exit(ServeMain.run(Array(CommandLine.arguments.dropFirst())))
