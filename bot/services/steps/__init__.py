"""Steps resolved: exactly once per step, a paused game resumed, the deadline loop's pass, whole games played by
computer players."""
