// LanguageServerProtocol module.
