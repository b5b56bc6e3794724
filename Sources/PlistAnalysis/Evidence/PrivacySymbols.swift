// The symbols the source scan looks for: Apple's required-reason APIs (each → its
// NSPrivacyAccessedAPICategory… id) and the calls and classes of protected resources (each → the
// Info.plist purpose string it needs). Only the spellings Apple documents, in Swift and
// Objective-C, and in the forms that name them (a member of the right type, a C call with
// arguments): the scan is a tolerant token scan, not a compiler, so a spelling we cannot tell
// apart from an everyday name is left out rather than guessed. docs/source-evidence.md lists the
// limits.
//
// Sources (read in 2024–2025, described here in our own words):
// - Required-reason APIs and their categories: Apple, "Describing use of required reason API"
//   (developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api), and
//   each symbol's own page (e.g. FileAttributeKey.modificationDate, URLResourceKey.volumeTotalCapacityKey,
//   FileAttributeKey.systemFreeSize, UITextInputMode.activeInputModes), which carry the
//   "declare your usage in PrivacyInfo.xcprivacy" notice; the Objective-C names are the same
//   symbols' C spellings (FileAttributeKey.creationDate is NSFileCreationDate).
// - Purpose strings: Apple's Information Property List reference, "Protected resources"
//   (developer.apple.com/documentation/bundleresources/information-property-list), each key's page
//   (e.g. NSMotionUsageDescription names CMSensorRecorder, CMPedometer, CMMotionActivityManager and
//   CMMovementDisorderManager; NSLocalNetworkUsageDescription covers Bonjour browsing, and
//   NWBrowser's page lists it under Essentials), and the framework guides for requesting
//   authorization (AVFoundation capture, Core Location, Photos, EventKit, Contacts, Local
//   Authentication, App Tracking Transparency, Speech, Core Bluetooth).

/// What a use of a symbol in source code shows the app needs.
public enum PrivacyNeed: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// A required-reason API category (`NSPrivacyAccessedAPICategory…`) the privacy manifest must declare.
    case apiCategory(String)
    /// An Info.plist purpose string (`…UsageDescription`) the bundle must have.
    case purposeString(String)

    /// The category id or the Info.plist key.
    public var name: String {
        switch self {
        case .apiCategory(let id), .purposeString(let id): return id
        }
    }

    public var description: String { name }

    /// What the need is about, for messages: "user defaults", "the camera".
    public var subject: String {
        switch self {
        case .apiCategory(let id): return PrivacySymbols.categorySubjects[id] ?? id
        case .purposeString(let key): return PrivacySymbols.purposeSubjects[key] ?? "this resource"
        }
    }
}

/// One symbol of the table.
public struct PrivacySymbol: Sendable, Hashable {
    /// How the symbol must be written for a use to count.
    public enum Form: Sendable, Hashable {
        /// Any mention that is not a declaration of the same name (`func`, `var`, `let`, `case`…):
        /// for names no everyday code uses (`UserDefaults`, `activeInputModes`, `CBCentralManager`).
        case name
        /// A member of one of these types: `FileAttributeKey.creationDate`, or Swift's implicit
        /// member `.creationDate` (in `attributes[.creationDate]`); never `photo.creationDate`.
        case member(of: [String])
        /// A member of one of these types named explicitly: `PHPhotoLibrary.requestAuthorization`,
        /// `[PHPhotoLibrary requestAuthorization:…]`.
        case qualified(by: [String])
        /// A call of a C function: the name followed by `(`, with at least one argument when
        /// `arguments` (Swift's `stat()` makes an empty `struct stat`; it is not the call); not a
        /// member (`x.stat(…)`) unless of `Darwin`, `Glibc` or `Foundation`.
        case call(arguments: Bool)
    }

    /// An identifier in the call or statement that says what the use needs.
    public struct Marker: Sendable, Hashable {
        public let name: String
        public let needs: [PrivacyNeed]
        public init(_ name: String, _ needs: [PrivacyNeed]) {
            self.name = name
            self.needs = needs
        }
    }

    /// The identifier as written in source.
    public let name: String
    public let form: Form
    /// What a use needs; with markers, what it needs when none of them is found (often nothing).
    public let needs: [PrivacyNeed]
    /// Identifiers looked for after the symbol, up to the end of its call or statement
    /// (`requestAccess(for: .video)` → the camera, `.audio` → the microphone).
    public let markers: [Marker]

    public init(_ name: String, _ form: Form = .name, needs: [PrivacyNeed], markers: [Marker] = []) {
        self.name = name
        self.form = form
        self.needs = needs
        self.markers = markers
    }
}

/// The table the scanner matches.
public enum PrivacySymbols {
    // Required-reason API categories.
    public static let fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"
    public static let systemBootTime = "NSPrivacyAccessedAPICategorySystemBootTime"
    public static let diskSpace = "NSPrivacyAccessedAPICategoryDiskSpace"
    public static let activeKeyboards = "NSPrivacyAccessedAPICategoryActiveKeyboards"
    public static let userDefaults = "NSPrivacyAccessedAPICategoryUserDefaults"

    static let categorySubjects: [String: String] = [
        fileTimestamp: "file timestamps", systemBootTime: "the system boot time", diskSpace: "disk space",
        activeKeyboards: "the active keyboards", userDefaults: "user defaults",
    ]

    static let purposeSubjects: [String: String] = [
        "NSCameraUsageDescription": "the camera", "NSMicrophoneUsageDescription": "the microphone",
        "NSPhotoLibraryUsageDescription": "the photo library", "NSPhotoLibraryAddUsageDescription": "adding to the photo library",
        "NSLocationWhenInUseUsageDescription": "your location",
        "NSLocationAlwaysAndWhenInUseUsageDescription": "your location in the background",
        "NSContactsUsageDescription": "your contacts", "NSCalendarsUsageDescription": "your calendars",
        "NSCalendarsFullAccessUsageDescription": "your calendars", "NSCalendarsWriteOnlyAccessUsageDescription": "adding calendar events",
        "NSRemindersUsageDescription": "your reminders", "NSRemindersFullAccessUsageDescription": "your reminders",
        "NSBluetoothAlwaysUsageDescription": "Bluetooth", "NSLocalNetworkUsageDescription": "the local network",
        "NSUserTrackingUsageDescription": "tracking", "NSFaceIDUsageDescription": "Face ID",
        "NSMotionUsageDescription": "motion and fitness data", "NSSpeechRecognitionUsageDescription": "speech recognition",
        "NSAppleMusicUsageDescription": "your media library", "NSHealthShareUsageDescription": "health data",
        "NSHomeKitUsageDescription": "HomeKit", "NSSiriUsageDescription": "Siri", "NFCReaderUsageDescription": "NFC",
        "NSNearbyInteractionUsageDescription": "nearby interaction",
    ]

    private static func category(_ id: String) -> [PrivacyNeed] { [.apiCategory(id)] }
    private static func purpose(_ keys: String...) -> [PrivacyNeed] { keys.map(PrivacyNeed.purposeString) }

    /// Every symbol, grouped as Apple groups them.
    public static let all: [PrivacySymbol] = requiredReason + protectedResources

    /// The required-reason APIs (privacy manifest, ITMS-91053).
    public static let requiredReason: [PrivacySymbol] = {
        let timestamp = category(fileTimestamp), disk = category(diskSpace)
        let fileKey = PrivacySymbol.Form.member(of: ["FileAttributeKey"])
        return [
            // File timestamps.
            PrivacySymbol("creationDate", fileKey, needs: timestamp),
            PrivacySymbol("modificationDate", fileKey, needs: timestamp),
            PrivacySymbol("fileModificationDate", needs: timestamp),
            PrivacySymbol("contentModificationDateKey", needs: timestamp),
            PrivacySymbol("creationDateKey", needs: timestamp),
            PrivacySymbol("NSFileCreationDate", needs: timestamp),
            PrivacySymbol("NSFileModificationDate", needs: timestamp),
            PrivacySymbol("NSURLContentModificationDateKey", needs: timestamp),
            PrivacySymbol("NSURLCreationDateKey", needs: timestamp),
            PrivacySymbol("stat", .call(arguments: true), needs: timestamp),
            PrivacySymbol("fstat", .call(arguments: true), needs: timestamp),
            PrivacySymbol("fstatat", .call(arguments: true), needs: timestamp),
            PrivacySymbol("lstat", .call(arguments: true), needs: timestamp),
            PrivacySymbol("getattrlistbulk", .call(arguments: true), needs: timestamp),
            // Listed under both file timestamps and disk space.
            PrivacySymbol("getattrlist", .call(arguments: true), needs: timestamp + disk),
            PrivacySymbol("fgetattrlist", .call(arguments: true), needs: timestamp + disk),
            PrivacySymbol("getattrlistat", .call(arguments: true), needs: timestamp + disk),
            // System boot time.
            PrivacySymbol("systemUptime", needs: category(systemBootTime)),
            PrivacySymbol("mach_absolute_time", .call(arguments: false), needs: category(systemBootTime)),
            // Disk space.
            PrivacySymbol("volumeAvailableCapacityKey", needs: disk),
            PrivacySymbol("volumeAvailableCapacityForImportantUsageKey", needs: disk),
            PrivacySymbol("volumeAvailableCapacityForOpportunisticUsageKey", needs: disk),
            PrivacySymbol("volumeTotalCapacityKey", needs: disk),
            PrivacySymbol("NSURLVolumeAvailableCapacityKey", needs: disk),
            PrivacySymbol("NSURLVolumeAvailableCapacityForImportantUsageKey", needs: disk),
            PrivacySymbol("NSURLVolumeAvailableCapacityForOpportunisticUsageKey", needs: disk),
            PrivacySymbol("NSURLVolumeTotalCapacityKey", needs: disk),
            PrivacySymbol("systemFreeSize", fileKey, needs: disk),
            PrivacySymbol("systemSize", fileKey, needs: disk),
            PrivacySymbol("NSFileSystemFreeSize", needs: disk),
            PrivacySymbol("NSFileSystemSize", needs: disk),
            PrivacySymbol("statfs", .call(arguments: true), needs: disk),
            PrivacySymbol("statvfs", .call(arguments: true), needs: disk),
            PrivacySymbol("fstatfs", .call(arguments: true), needs: disk),
            PrivacySymbol("fstatvfs", .call(arguments: true), needs: disk),
            // Active keyboards.
            PrivacySymbol("activeInputModes", needs: category(activeKeyboards)),
            // User defaults.
            PrivacySymbol("UserDefaults", needs: category(userDefaults)),
            PrivacySymbol("NSUserDefaults", needs: category(userDefaults)),
        ]
    }()

    /// The APIs of protected resources (Info.plist purpose strings, ITMS-90683).
    public static let protectedResources: [PrivacySymbol] = {
        typealias M = PrivacySymbol.Marker
        let camera = purpose("NSCameraUsageDescription"), microphone = purpose("NSMicrophoneUsageDescription")
        let photos = purpose("NSPhotoLibraryUsageDescription"), photosAdd = purpose("NSPhotoLibraryAddUsageDescription")
        let contacts = purpose("NSContactsUsageDescription")
        let calendars = purpose("NSCalendarsUsageDescription"), reminders = purpose("NSRemindersUsageDescription")
        let localNetwork = purpose("NSLocalNetworkUsageDescription"), motion = purpose("NSMotionUsageDescription")
        let faceID = purpose("NSFaceIDUsageDescription"), tracking = purpose("NSUserTrackingUsageDescription")
        let mediaLibrary = purpose("NSAppleMusicUsageDescription"), nfc = purpose("NFCReaderUsageDescription")
        let biometricPolicies = ["deviceOwnerAuthenticationWithBiometrics", "deviceOwnerAuthentication",
                                 "LAPolicyDeviceOwnerAuthenticationWithBiometrics", "LAPolicyDeviceOwnerAuthentication"]
        return [
            // Capture: AVCaptureDevice.requestAccess(for: .video | .audio), and the outputs only a camera feeds.
            PrivacySymbol("requestAccess", needs: [], markers: [
                M("video", camera), M("audio", microphone), M("contacts", contacts), M("event", calendars), M("reminder", reminders),
            ]),
            PrivacySymbol("requestAccessForMediaType", needs: [], markers: [M("AVMediaTypeVideo", camera), M("AVMediaTypeAudio", microphone)]),
            PrivacySymbol("AVCapturePhotoOutput", needs: camera),
            PrivacySymbol("AVCaptureVideoDataOutput", needs: camera),
            PrivacySymbol("AVCaptureMovieFileOutput", needs: camera),
            PrivacySymbol("AVCaptureMetadataOutput", needs: camera),
            PrivacySymbol("DataScannerViewController", needs: camera),
            PrivacySymbol("VNDocumentCameraViewController", needs: camera),
            PrivacySymbol("sourceType", needs: [], markers: [M("camera", camera)]),
            PrivacySymbol("UIImagePickerControllerSourceTypeCamera", needs: camera),
            // Microphone.
            PrivacySymbol("requestRecordPermission", needs: microphone),
            PrivacySymbol("AVAudioRecorder", needs: microphone),
            // Photos.
            PrivacySymbol("requestAuthorization", .qualified(by: ["PHPhotoLibrary"]), needs: photos,
                          markers: [M("addOnly", photosAdd), M("PHAccessLevelAddOnly", photosAdd)]),
            PrivacySymbol("requestAuthorizationForAccessLevel", .qualified(by: ["PHPhotoLibrary"]), needs: photos,
                          markers: [M("PHAccessLevelAddOnly", photosAdd)]),
            PrivacySymbol("fetchAssets", .qualified(by: ["PHAsset"]), needs: photos),
            PrivacySymbol("fetchAssetsWithMediaType", .qualified(by: ["PHAsset"]), needs: photos),
            PrivacySymbol("fetchAssetsWithOptions", .qualified(by: ["PHAsset"]), needs: photos),
            PrivacySymbol("fetchAssetsWithLocalIdentifiers", .qualified(by: ["PHAsset"]), needs: photos),
            PrivacySymbol("fetchAssetsInAssetCollection", .qualified(by: ["PHAsset"]), needs: photos),
            PrivacySymbol("UIImageWriteToSavedPhotosAlbum", needs: photosAdd),
            PrivacySymbol("UISaveVideoAtPathToSavedPhotosAlbum", needs: photosAdd),
            // Location.
            PrivacySymbol("requestWhenInUseAuthorization", needs: purpose("NSLocationWhenInUseUsageDescription")),
            PrivacySymbol("requestAlwaysAuthorization",
                          needs: purpose("NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationWhenInUseUsageDescription")),
            // Contacts.
            PrivacySymbol("CNContactStore", needs: contacts),
            PrivacySymbol("ABAddressBookRequestAccessWithCompletion", needs: contacts),
            PrivacySymbol("requestAccessForEntityType", needs: [], markers: [M("CNEntityTypeContacts", contacts)]),
            // Calendars and reminders.
            PrivacySymbol("requestAccessToEntityType", needs: [], markers: [M("EKEntityTypeEvent", calendars), M("EKEntityTypeReminder", reminders)]),
            PrivacySymbol("requestFullAccessToEvents", needs: purpose("NSCalendarsFullAccessUsageDescription")),
            PrivacySymbol("requestFullAccessToEventsWithCompletion", needs: purpose("NSCalendarsFullAccessUsageDescription")),
            PrivacySymbol("requestWriteOnlyAccessToEvents", needs: purpose("NSCalendarsWriteOnlyAccessUsageDescription")),
            PrivacySymbol("requestWriteOnlyAccessToEventsWithCompletion", needs: purpose("NSCalendarsWriteOnlyAccessUsageDescription")),
            PrivacySymbol("requestFullAccessToReminders", needs: purpose("NSRemindersFullAccessUsageDescription")),
            PrivacySymbol("requestFullAccessToRemindersWithCompletion", needs: purpose("NSRemindersFullAccessUsageDescription")),
            // Bluetooth.
            PrivacySymbol("CBCentralManager", needs: purpose("NSBluetoothAlwaysUsageDescription")),
            PrivacySymbol("CBPeripheralManager", needs: purpose("NSBluetoothAlwaysUsageDescription")),
            // Local network: Bonjour browsing and Multipeer Connectivity.
            PrivacySymbol("NWBrowser", needs: localNetwork),
            PrivacySymbol("NetServiceBrowser", needs: localNetwork),
            PrivacySymbol("NSNetServiceBrowser", needs: localNetwork),
            PrivacySymbol("DNSServiceBrowse", needs: localNetwork),
            PrivacySymbol("nw_browser_create", needs: localNetwork),
            PrivacySymbol("MCNearbyServiceBrowser", needs: localNetwork),
            PrivacySymbol("MCNearbyServiceAdvertiser", needs: localNetwork),
            PrivacySymbol("MCAdvertiserAssistant", needs: localNetwork),
            PrivacySymbol("MCBrowserViewController", needs: localNetwork),
            // Tracking.
            PrivacySymbol("requestTrackingAuthorization", needs: tracking),
            PrivacySymbol("requestTrackingAuthorizationWithCompletionHandler", needs: tracking),
            // Face ID: evaluating a policy that may use biometrics.
            PrivacySymbol("evaluatePolicy", needs: [], markers: biometricPolicies.map { M($0, faceID) }),
            // Motion and fitness.
            PrivacySymbol("CMMotionActivityManager", needs: motion),
            PrivacySymbol("CMPedometer", needs: motion),
            PrivacySymbol("CMSensorRecorder", needs: motion),
            PrivacySymbol("CMMovementDisorderManager", needs: motion),
            PrivacySymbol("CMHeadphoneMotionManager", needs: motion),
            // Speech recognition.
            PrivacySymbol("SFSpeechRecognizer", needs: purpose("NSSpeechRecognitionUsageDescription")),
            // Media library.
            PrivacySymbol("MPMediaLibrary", needs: mediaLibrary),
            PrivacySymbol("MPMediaQuery", needs: mediaLibrary),
            PrivacySymbol("MPMediaPickerController", needs: mediaLibrary),
            // Health, HomeKit, Siri, NFC, Nearby Interaction.
            PrivacySymbol("HKHealthStore", needs: purpose("NSHealthShareUsageDescription")),
            PrivacySymbol("HMHomeManager", needs: purpose("NSHomeKitUsageDescription")),
            PrivacySymbol("requestSiriAuthorization", needs: purpose("NSSiriUsageDescription")),
            PrivacySymbol("NFCNDEFReaderSession", needs: nfc),
            PrivacySymbol("NFCTagReaderSession", needs: nfc),
            PrivacySymbol("NFCVASReaderSession", needs: nfc),
            PrivacySymbol("NISession", needs: purpose("NSNearbyInteractionUsageDescription")),
        ]
    }()

    /// Keys that also satisfy a purpose-string need: the newer calendar and reminder keys answer
    /// the older requests (an app that supports iOS 16 and earlier should carry both).
    public static let satisfiedAlsoBy: [String: [String]] = [
        "NSCalendarsUsageDescription": ["NSCalendarsFullAccessUsageDescription"],
        "NSRemindersUsageDescription": ["NSRemindersFullAccessUsageDescription"],
    ]
}
