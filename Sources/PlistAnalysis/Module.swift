// PlistAnalysis module.
