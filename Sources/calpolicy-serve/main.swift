import CalPolicyServer
import Glibc

exit(ServeMain.run(Array(CommandLine.arguments.dropFirst())))
