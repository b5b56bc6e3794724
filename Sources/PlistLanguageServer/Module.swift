// PlistLanguageServer module.
