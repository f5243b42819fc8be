"""Print-and-play rendering: view models, Jinja HTML, WeasyPrint faces, imposition, rasters, TTS."""
