"""Headless Chromium for the site's browser tests and screenshots: Debian's `chromium` driven through its
`chromium-driver` by selenium. `.ci/run` installs both; without them a test is skipped on a developer's
machine and fails in CI (`CI` set), so CI never passes without having run the browser."""

from __future__ import annotations

import os
import shutil

import pytest

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
DRIVERS = ("chromedriver", "chromium-driver")


def find() -> tuple[str, str] | None:
    """(browser, driver) paths, or None when either is missing."""
    browser = next((p for p in map(shutil.which, BROWSERS) if p), None)
    driver = next((p for p in map(shutil.which, DRIVERS) if p), None)
    return (browser, driver) if browser and driver else None


def missing() -> None:
    """Skip (fail in CI): there is no Chromium with its driver here."""
    reason = "no chromium with chromium-driver (apt-get install chromium chromium-driver)"
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the browser tests: {reason}")
    pytest.skip(reason)


def start(width: int = 1100, height: int = 900):
    """A headless Chromium session that keeps the browser's console log."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    found = find()
    if found is None:
        missing()
        raise AssertionError("unreachable")
    browser, driver = found
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    options.add_argument(f"--window-size={width},{height}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(executable_path=driver))
