public let unicodeVersion = "15.0.0"
