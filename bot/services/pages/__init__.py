"""What the web site may show of a game, and the words its pages use."""
