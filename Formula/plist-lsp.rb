# Homebrew formula: builds plist-lsp from source with the Swift toolchain of Xcode 16.3 or later.
#   brew tap-new $USER/local && cp Formula/plist-lsp.rb "$(brew --repository $USER/local)/Formula/"
#   brew install --HEAD $USER/local/plist-lsp       (or without --HEAD: the tagged version)
# See docs/install.md.
class PlistLsp < Formula
  desc "Language server and checker for Apple property lists (Info.plist, entitlements, privacy manifests)"
  homepage "https://github.com/plist-lsp/plist-lsp"
  url "https://github.com/plist-lsp/plist-lsp.git", tag: "v0.1.0"
  version "0.1.0"
  head "https://github.com/plist-lsp/plist-lsp.git", branch: "main"

  depends_on xcode: ["16.3", :build]
  depends_on macos: :sequoia

  def install
    system "make", "install", "PREFIX=#{prefix}", "SWIFT_BUILD_FLAGS=--disable-sandbox"
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/plist-lsp --version")
    (testpath/"Info.plist").write <<~XML
      <plist version="1.0"><dict><key>CFBundleName</key><string>x</string></dict></plist>
    XML
    system bin/"plist-lsp", "format", testpath/"Info.plist"
    assert_match "\t<key>CFBundleName</key>\n", (testpath/"Info.plist").read
  end
end
