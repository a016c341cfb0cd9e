import MHDHost
