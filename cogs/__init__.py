"""The Discord layer: slash commands, buttons, selects and DMs. The only package that imports discord."""
