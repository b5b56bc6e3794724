// XMLReference module.
