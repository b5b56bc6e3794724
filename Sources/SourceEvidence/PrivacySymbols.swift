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

    /// `names`, each read in `form` and with `needs`: a run of the tables below that differ only
    /// in their name.
    private static func each(_ names: String..., form: PrivacySymbol.Form = .name, needs: [PrivacyNeed]) -> [PrivacySymbol] {
        names.map { PrivacySymbol($0, form, needs: needs) }
    }

    /// The required-reason APIs (privacy manifest, ITMS-91053).
    public static let requiredReason: [PrivacySymbol] = {
        let timestamp = category(fileTimestamp), disk = category(diskSpace), bootTime = category(systemBootTime)
        let fileKey = PrivacySymbol.Form.member(of: ["FileAttributeKey"])
        let groups: [[PrivacySymbol]] = [
            // File timestamps.
            each("creationDate", "modificationDate", form: fileKey, needs: timestamp),
            each(
                "fileModificationDate", "contentModificationDateKey", "creationDateKey", "NSFileCreationDate",
                "NSFileModificationDate", "NSURLContentModificationDateKey", "NSURLCreationDateKey", needs: timestamp),
            each("stat", "fstat", "fstatat", "lstat", "getattrlistbulk", form: .call(arguments: true), needs: timestamp),
            // Listed under both file timestamps and disk space.
            each("getattrlist", "fgetattrlist", "getattrlistat", form: .call(arguments: true), needs: timestamp + disk),
            // System boot time.
            each("systemUptime", needs: bootTime),
            each("mach_absolute_time", form: .call(arguments: false), needs: bootTime),
            // Disk space.
            each(
                "volumeAvailableCapacityKey", "volumeAvailableCapacityForImportantUsageKey",
                "volumeAvailableCapacityForOpportunisticUsageKey", "volumeTotalCapacityKey",
                "NSURLVolumeAvailableCapacityKey", "NSURLVolumeAvailableCapacityForImportantUsageKey",
                "NSURLVolumeAvailableCapacityForOpportunisticUsageKey", "NSURLVolumeTotalCapacityKey", needs: disk),
            each("systemFreeSize", "systemSize", form: fileKey, needs: disk),
            each("NSFileSystemFreeSize", "NSFileSystemSize", needs: disk),
            each("statfs", "statvfs", "fstatfs", "fstatvfs", form: .call(arguments: true), needs: disk),
            // Active keyboards.
            each("activeInputModes", needs: category(activeKeyboards)),
            // User defaults.
            each("UserDefaults", "NSUserDefaults", needs: category(userDefaults)),
        ]
        return groups.flatMap { $0 }
    }()

    /// The APIs of protected resources (Info.plist purpose strings, ITMS-90683).
    public static let protectedResources: [PrivacySymbol] = {
        typealias M = PrivacySymbol.Marker
        let camera = purpose("NSCameraUsageDescription"), microphone = purpose("NSMicrophoneUsageDescription")
        let photos = purpose("NSPhotoLibraryUsageDescription"), photosAdd = purpose("NSPhotoLibraryAddUsageDescription")
        let contacts = purpose("NSContactsUsageDescription")
        let calendars = purpose("NSCalendarsUsageDescription"), reminders = purpose("NSRemindersUsageDescription")
        let calendarsFull = purpose("NSCalendarsFullAccessUsageDescription")
        let calendarsWriteOnly = purpose("NSCalendarsWriteOnlyAccessUsageDescription")
        let remindersFull = purpose("NSRemindersFullAccessUsageDescription")
        let localNetwork = purpose("NSLocalNetworkUsageDescription"), motion = purpose("NSMotionUsageDescription")
        let faceID = purpose("NSFaceIDUsageDescription"), tracking = purpose("NSUserTrackingUsageDescription")
        let mediaLibrary = purpose("NSAppleMusicUsageDescription"), nfc = purpose("NFCReaderUsageDescription")
        let biometricPolicies = [
            "deviceOwnerAuthenticationWithBiometrics", "deviceOwnerAuthentication",
            "LAPolicyDeviceOwnerAuthenticationWithBiometrics", "LAPolicyDeviceOwnerAuthentication",
        ]
        let photoAsset = PrivacySymbol.Form.qualified(by: ["PHAsset"])
        let groups: [[PrivacySymbol]] = [
            // Capture: AVCaptureDevice.requestAccess(for: .video | .audio), and the outputs only a camera feeds.
            [
                PrivacySymbol(
                    "requestAccess", needs: [],
                    markers: [
                        M("video", camera), M("audio", microphone), M("contacts", contacts), M("event", calendars),
                        M("reminder", reminders),
                    ])
            ],
            [
                PrivacySymbol(
                    "requestAccessForMediaType", needs: [], markers: [M("AVMediaTypeVideo", camera), M("AVMediaTypeAudio", microphone)])
            ],
            each(
                "AVCapturePhotoOutput", "AVCaptureVideoDataOutput", "AVCaptureMovieFileOutput", "AVCaptureMetadataOutput",
                "DataScannerViewController", "VNDocumentCameraViewController", needs: camera),
            [PrivacySymbol("sourceType", needs: [], markers: [M("camera", camera)])],
            each("UIImagePickerControllerSourceTypeCamera", needs: camera),
            // Microphone.
            each("requestRecordPermission", "AVAudioRecorder", needs: microphone),
            // Photos.
            [
                PrivacySymbol(
                    "requestAuthorization", .qualified(by: ["PHPhotoLibrary"]), needs: photos,
                    markers: [M("addOnly", photosAdd), M("PHAccessLevelAddOnly", photosAdd)]),
                PrivacySymbol(
                    "requestAuthorizationForAccessLevel", .qualified(by: ["PHPhotoLibrary"]), needs: photos,
                    markers: [M("PHAccessLevelAddOnly", photosAdd)]),
            ],
            each(
                "fetchAssets", "fetchAssetsWithMediaType", "fetchAssetsWithOptions", "fetchAssetsWithLocalIdentifiers",
                "fetchAssetsInAssetCollection", form: photoAsset, needs: photos),
            each("UIImageWriteToSavedPhotosAlbum", "UISaveVideoAtPathToSavedPhotosAlbum", needs: photosAdd),
            // Location.
            each("requestWhenInUseAuthorization", needs: purpose("NSLocationWhenInUseUsageDescription")),
            each(
                "requestAlwaysAuthorization",
                needs: purpose("NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationWhenInUseUsageDescription")),
            // Contacts.
            each("CNContactStore", "ABAddressBookRequestAccessWithCompletion", needs: contacts),
            [PrivacySymbol("requestAccessForEntityType", needs: [], markers: [M("CNEntityTypeContacts", contacts)])],
            // Calendars and reminders.
            [
                PrivacySymbol(
                    "requestAccessToEntityType", needs: [],
                    markers: [M("EKEntityTypeEvent", calendars), M("EKEntityTypeReminder", reminders)])
            ],
            each("requestFullAccessToEvents", "requestFullAccessToEventsWithCompletion", needs: calendarsFull),
            each("requestWriteOnlyAccessToEvents", "requestWriteOnlyAccessToEventsWithCompletion", needs: calendarsWriteOnly),
            each("requestFullAccessToReminders", "requestFullAccessToRemindersWithCompletion", needs: remindersFull),
            // Bluetooth.
            each("CBCentralManager", "CBPeripheralManager", needs: purpose("NSBluetoothAlwaysUsageDescription")),
            // Local network: Bonjour browsing and Multipeer Connectivity.
            each(
                "NWBrowser", "NetServiceBrowser", "NSNetServiceBrowser", "DNSServiceBrowse", "nw_browser_create",
                "MCNearbyServiceBrowser", "MCNearbyServiceAdvertiser", "MCAdvertiserAssistant", "MCBrowserViewController",
                needs: localNetwork),
            // Tracking.
            each("requestTrackingAuthorization", "requestTrackingAuthorizationWithCompletionHandler", needs: tracking),
            // Face ID: evaluating a policy that may use biometrics.
            [PrivacySymbol("evaluatePolicy", needs: [], markers: biometricPolicies.map { M($0, faceID) })],
            // Motion and fitness.
            each(
                "CMMotionActivityManager", "CMPedometer", "CMSensorRecorder", "CMMovementDisorderManager",
                "CMHeadphoneMotionManager", needs: motion),
            // Speech recognition.
            each("SFSpeechRecognizer", needs: purpose("NSSpeechRecognitionUsageDescription")),
            // Media library.
            each("MPMediaLibrary", "MPMediaQuery", "MPMediaPickerController", needs: mediaLibrary),
            // Health, HomeKit, Siri, NFC, Nearby Interaction.
            each("HKHealthStore", needs: purpose("NSHealthShareUsageDescription")),
            each("HMHomeManager", needs: purpose("NSHomeKitUsageDescription")),
            each("requestSiriAuthorization", needs: purpose("NSSiriUsageDescription")),
            each("NFCNDEFReaderSession", "NFCTagReaderSession", "NFCVASReaderSession", needs: nfc),
            each("NISession", needs: purpose("NSNearbyInteractionUsageDescription")),
        ]
        return groups.flatMap { $0 }
    }()

    /// Keys that also satisfy a purpose-string need: the newer calendar and reminder keys answer
    /// the older requests (an app that supports iOS 16 and earlier should carry both).
    public static let satisfiedAlsoBy: [String: [String]] = [
        "NSCalendarsUsageDescription": ["NSCalendarsFullAccessUsageDescription"],
        "NSRemindersUsageDescription": ["NSRemindersFullAccessUsageDescription"],
    ]
}
