"""The tutorial's parts on the table: its match, its notes and its closing box."""
