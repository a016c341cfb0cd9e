/// calpolicy's version, the one string both faces print (`calpolicy --version`,
/// `calpolicy-serve --version`, `/v1/status`, `calpolicy_build_info`) and the packages take
/// theirs from (scripts/deb.sh and scripts/image.sh ask the binaries).
public enum BuildVersion {
    public static let number = "0.1.0"
}
