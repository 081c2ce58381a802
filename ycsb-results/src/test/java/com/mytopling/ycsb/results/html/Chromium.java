package com.mytopling.ycsb.results.html;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's headless Chromium driven through Debian's chromedriver (packages chromium and chromium-driver, which
 * .ci/run installs; CHROMIUM and CHROMEDRIVER name others). Started as root needs --no-sandbox; without the
 * background-networking flags Chromium tries to reach Google's services, which a closed network refuses, many at a
 * time. A fresh profile each time.
 */
final class Chromium {
  private Chromium() {
  }

  static ChromeDriver start(Path profile) throws Exception {
    String binary = System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium");
    String driver = System.getenv().getOrDefault("CHROMEDRIVER", "/usr/bin/chromedriver");
    assertTrue(Files.isExecutable(Path.of(binary)) && Files.isExecutable(Path.of(driver)),
        "Chromium and chromedriver are needed for this test: apt-get install chromium chromium-driver (or set "
            + "CHROMIUM and CHROMEDRIVER); .ci/run installs them");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(binary);
    options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", "--user-data-dir=" + Files.createDirectories(profile), "--window-size=1280,1600");
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    // The driver given: Selenium Manager, which would download one, is never asked.
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(driver))
        .usingAnyFreePort().build();
    return new ChromeDriver(service, options);
  }
}
