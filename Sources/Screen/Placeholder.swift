// The Screen module: see ScreenBuffer.swift.
