// Xcode's implicit build settings: the ones every target has without anything setting them
// (TARGET_NAME, PRODUCT_NAME, SRCROOT, CONFIGURATION…), with the values we can know, and the
// names a plist may reference that are never "undefined" (set by Xcode at build time, or
// conventionally by every project template).

/// Xcode's built-in settings.
public enum ImplicitBuildSettings {
    /// Values Xcode gives a target when nothing else does (references expand in the target's scope).
    static func values(project: XcodeProjectModel, target: ProjectTarget, configuration: String) -> [String: String] {
        var v: [String: String] = [
            "TARGET_NAME": target.name,
            "TARGETNAME": target.name,
            "PRODUCT_NAME": "$(TARGET_NAME)",
            "EXECUTABLE_NAME": "$(EXECUTABLE_PREFIX)$(PRODUCT_NAME)$(EXECUTABLE_SUFFIX)",
            "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)",
            "PROJECT_NAME": project.name,
            "PROJECT": project.name,
            "CONFIGURATION": configuration,
            "SRCROOT": project.directory,
            "PROJECT_DIR": project.directory,
            "SOURCE_ROOT": project.directory,
            "DEVELOPMENT_LANGUAGE": "en",
            "INFOPLIST_PREPROCESS": "NO",
            "GENERATE_INFOPLIST_FILE": "NO",
            "PRODUCT_TYPE": target.productType.identifier,
            "PRODUCT_BUNDLE_PACKAGE_TYPE": packageType(target.productType),
            "EXECUTABLE_PREFIX": "",
            "EXECUTABLE_SUFFIX": "",
            "WRAPPER_EXTENSION": wrapperExtension(target.productType),
            "FULL_PRODUCT_NAME": "$(PRODUCT_NAME).$(WRAPPER_EXTENSION)",
            "WRAPPER_NAME": "$(PRODUCT_NAME).$(WRAPPER_EXTENSION)",
        ]
        if target.productType.isFramework { v["WRAPPER_EXTENSION"] = "framework" }
        return v
    }

    static func packageType(_ type: ProductType) -> String {
        if type.isApplication { return "APPL" }
        if type.isAppExtension { return "XPC!" }
        if type.isFramework { return "FMWK" }
        return "BNDL"
    }

    static func wrapperExtension(_ type: ProductType) -> String {
        if type.isApplication { return "app" }
        if type.isAppExtension { return "appex" }
        if type.isFramework { return "framework" }
        if type.isTest { return "xctest" }
        return "bundle"
    }

    /// Names a plist may reference without the project setting them: Xcode sets them for every
    /// build (paths, the toolchain, the SDK, the platform), or they have empty defaults every
    /// project template fills in. Never reported as undefined.
    public static let names: Set<String> = [
        // Identity of the product
        "PRODUCT_BUNDLE_IDENTIFIER", "PRODUCT_NAME", "PRODUCT_MODULE_NAME", "EXECUTABLE_NAME", "EXECUTABLE_PATH",
        "EXECUTABLE_PREFIX", "EXECUTABLE_SUFFIX", "EXECUTABLE_FOLDER_PATH", "FULL_PRODUCT_NAME", "WRAPPER_NAME",
        "WRAPPER_EXTENSION", "WRAPPER_SUFFIX", "PRODUCT_TYPE", "PRODUCT_BUNDLE_PACKAGE_TYPE", "PRODUCT_SETTINGS_PATH",
        "DEVELOPMENT_LANGUAGE", "TARGET_NAME", "TARGETNAME", "PROJECT_NAME", "PROJECT", "CONFIGURATION",
        "CURRENT_PROJECT_VERSION", "MARKETING_VERSION", "DYLIB_CURRENT_VERSION", "DYLIB_COMPATIBILITY_VERSION",
        "CURRENT_VARIANT", "VERSIONING_SYSTEM", "VERSION_INFO_PREFIX", "DEVELOPMENT_TEAM", "TeamIdentifierPrefix",
        "AppIdentifierPrefix", "CODE_SIGN_IDENTITY", "EXPANDED_CODE_SIGN_IDENTITY", "EXPANDED_CODE_SIGN_IDENTITY_NAME",
        "PROVISIONING_PROFILE_SPECIFIER", "INFOPLIST_FILE", "INFOPLIST_PATH", "INFOPLIST_PREPROCESS",
        "CODE_SIGN_ENTITLEMENTS",
        // Places
        "SRCROOT", "SOURCE_ROOT", "PROJECT_DIR", "PROJECT_FILE_PATH", "PROJECT_TEMP_DIR", "PROJECT_DERIVED_FILE_DIR",
        "DERIVED_FILE_DIR", "DERIVED_FILES_DIR", "DERIVED_SOURCES_DIR", "BUILT_PRODUCTS_DIR", "BUILD_DIR", "BUILD_ROOT",
        "CONFIGURATION_BUILD_DIR", "CONFIGURATION_TEMP_DIR", "TARGET_BUILD_DIR", "TARGET_TEMP_DIR", "TEMP_DIR", "TEMP_FILES_DIR",
        "TEMP_ROOT", "OBJROOT", "SYMROOT", "DSTROOT", "INSTALL_PATH", "INSTALL_DIR", "CONTENTS_FOLDER_PATH",
        "UNLOCALIZED_RESOURCES_FOLDER_PATH", "FRAMEWORKS_FOLDER_PATH", "PLUGINS_FOLDER_PATH", "LOCAL_LIBRARY_DIR",
        "LOCAL_APPS_DIR", "LOCAL_ADMIN_APPS_DIR", "SYSTEM_APPS_DIR", "SYSTEM_LIBRARY_DIR", "USER_LIBRARY_DIR",
        "USER_APPS_DIR", "DEVELOPER_DIR", "DEVELOPER_APPLICATIONS_DIR", "DEVELOPER_BIN_DIR", "DEVELOPER_FRAMEWORKS_DIR",
        "DEVELOPER_LIBRARY_DIR", "DEVELOPER_TOOLS_DIR", "DEVELOPER_USR_DIR", "DEVELOPER_SDK_DIR", "SDKROOT", "SDK_DIR",
        "SDK_NAME", "SDK_NAMES", "SDK_VERSION", "SDK_PRODUCT_BUILD_VERSION", "PLATFORM_DIR", "PLATFORM_NAME",
        "PLATFORM_DISPLAY_NAME", "PLATFORM_PRODUCT_BUILD_VERSION", "PLATFORM_DEVELOPER_APPLICATIONS_DIR",
        "PLATFORM_DEVELOPER_BIN_DIR", "PLATFORM_DEVELOPER_LIBRARY_DIR", "PLATFORM_DEVELOPER_SDK_DIR",
        "PLATFORM_PREFERRED_ARCH", "EFFECTIVE_PLATFORM_NAME", "CORRESPONDING_SIMULATOR_PLATFORM_NAME",
        "SHARED_PRECOMPS_DIR", "CACHE_ROOT", "MODULE_CACHE_DIR", "PODS_ROOT", "PODS_CONFIGURATION_BUILD_DIR",
        "HOME", "USER", "UID", "GID", "GROUP", "PATH", "PWD", "TMPDIR", "LANG",
        // The toolchain and the build
        "ARCHS", "CURRENT_ARCH", "NATIVE_ARCH", "NATIVE_ARCH_ACTUAL", "VALID_ARCHS", "ONLY_ACTIVE_ARCH",
        "XCODE_VERSION_ACTUAL", "XCODE_VERSION_MAJOR", "XCODE_VERSION_MINOR", "XCODE_PRODUCT_BUILD_VERSION",
        "DT_TOOLCHAIN_DIR", "TOOLCHAIN_DIR", "SWIFT_VERSION", "ACTION", "BUILD_STYLE", "DEPLOYMENT_LOCATION",
        "DEPLOYMENT_POSTPROCESSING", "MAC_OS_X_VERSION_ACTUAL", "MAC_OS_X_VERSION_MAJOR", "MAC_OS_X_VERSION_MINOR",
        "MAC_OS_X_PRODUCT_BUILD_VERSION", "SUPPORTED_PLATFORMS", "TARGETED_DEVICE_FAMILY", "SWIFT_PLATFORM_TARGET_PREFIX",
        "LLVM_TARGET_TRIPLE_OS_VERSION", "LLVM_TARGET_TRIPLE_VENDOR", "ASSETCATALOG_COMPILER_APPICON_NAME",
        "MACOSX_DEPLOYMENT_TARGET", "IPHONEOS_DEPLOYMENT_TARGET", "TVOS_DEPLOYMENT_TARGET", "WATCHOS_DEPLOYMENT_TARGET",
        "XROS_DEPLOYMENT_TARGET", "DRIVERKIT_DEPLOYMENT_TARGET", "BUNDLE_LOADER", "TEST_HOST", "TEST_TARGET_NAME",
        "inherited",
        // Info.plist values Xcode substitutes in entitlements and plists it processes.
        "CFBundleIdentifier", "CFBundleExecutable", "CFBundleName",
    ]

    /// Whether Xcode (or its environment) defines `name` on every build.
    public static func isImplicit(_ name: String) -> Bool {
        if names.contains(name) { return true }
        // Xcode's own families of settings, whatever their exact spelling in a given version.
        for prefix in ["PLATFORM_", "SDK_", "XCODE_", "TARGET_", "PROJECT_", "DEVELOPER_", "SYSTEM_", "LOCAL_", "DT_", "TOOLCHAIN_"]
        where name.hasPrefix(prefix) {
            return true
        }
        return name.hasSuffix("_DEPLOYMENT_TARGET") || name.hasSuffix("_FOLDER_PATH")
    }
}
