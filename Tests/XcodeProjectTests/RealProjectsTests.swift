// The readers and the project model over every real project in ../shared/projects.
import Foundation
import PlistSyntax
import PlistTestSupport
import Testing
import XcodeProject

@Suite(.tags(.wholeCorpus), .enabled(if: FastLoop.runSlowSuites, FastLoop.skipNote)) struct RealProjectsTests {
    @Test(.enabled(if: SharedData.runProjectTests, SharedData.projectsSkipNote))
    func everyProjectLoadsAndItsPlistsAreFound() async throws {
        try await onOwnThread {
            #expect(FileManager.default.fileExists(atPath: SharedData.projectsDirectory.path), "../shared/projects is missing")
            let loader = ProjectLoader(fileSystem: DiskProjectFileSystem())
            let folders = try FileManager.default.contentsOfDirectory(atPath: SharedData.projectsDirectory.path).filter {
                !$0.contains(".")
            }.sorted()
            #expect(folders.count >= 21)
            var report: [String] = []
            for folder in folders {
                let root = SharedData.projectsDirectory.appendingPathComponent(folder).path
                let projects = loader.loadAll(in: root)
                #expect(!projects.isEmpty, "\(folder): no project found")
                let index = ProjectIndex(projects: projects, fileSystem: DiskProjectFileSystem())
                let targets = projects.reduce(0) { $0 + $1.targets.count }
                report.append(
                    "\(folder): \(projects.count) projects, \(targets) targets, \(index.plists.count) plists; problems: \(projects.flatMap(\.problems).prefix(3))"
                )
                #expect(targets > 0, "\(folder): no targets")
                #expect(!index.plists.isEmpty, "\(folder): no plist resolved")
            }
            print(report.joined(separator: "\n"))
        }
    }
}
