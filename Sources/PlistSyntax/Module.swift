// PlistSyntax module.
