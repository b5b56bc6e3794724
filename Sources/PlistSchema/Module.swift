// PlistSchema module.
