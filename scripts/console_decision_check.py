#!/usr/bin/env python3
"""Drives `folio serve` in headless Chromium (Selenium) for a job whose delivery is unknown, as
an operator would, for ConsoleBrowserTests: the Night page puts it first under Needs attention,
its Job page says the printer may hold a copy and offers "It arrived", "Send again" (with a
reason) and Cancel, and "It arrived" goes through its confirmation; a delivered job is sent
again on purpose with a reason, and a running job is cancelled, each through its confirmation. Every page fits 375 px, logs no
error and passes axe. Prints one JSON object; exits 1 with the failures listed."""
import argparse

from selenium.webdriver.common.by import By

from console_browser_check import audit, check, click, drive, sign_in, text, wait


def decide(driver, args):
    base = args.base
    sign_in(driver, base, args.token)
    report = {}
    count = text(driver, By.CSS_SELECTOR, "[data-count='delivery-unknown']")
    check(count == "1", f"Night: delivery-unknown count is {count}")
    attention = text(driver, By.TAG_NAME, "main")
    check(args.unknown in attention.split("Needs attention", 1)[-1], "Night: the unknown job is not under Needs attention")
    report["night"] = audit(driver, "Night (delivery unknown)")

    driver.get(base + "/jobs/" + args.unknown)
    page = text(driver, By.TAG_NAME, "main")
    check("may hold" in page and "1 copy" in page, f"Job: the page does not say how many copies the printer may hold: {page[:400]!r}")
    buttons = [b.get_attribute("value") for b in driver.find_elements(By.CSS_SELECTOR, "form.actions button")]
    check({"arrived", "send-again", "cancel"} <= set(buttons) and "retry" not in buttons, f"Job: its buttons are {buttons}")
    if args.screenshot:
        driver.save_screenshot(args.screenshot)
    report["job"] = audit(driver, "Job (delivery unknown)")
    click(driver, By.CSS_SELECTOR, "button[value=arrived]")
    wait(driver, lambda d: d.find_elements(By.ID, "confirm"))
    confirm = text(driver, By.TAG_NAME, "main")
    check("It arrived 1 job?" in confirm and args.unknown in confirm, f"Arrived: the confirmation says {confirm[:200]!r}")
    click(driver, By.ID, "confirm")
    wait(driver, lambda d: "arrived: 1 of 1" in d.find_element(By.TAG_NAME, "main").text)

    driver.get(base + "/jobs/" + args.done)
    driver.find_element(By.CSS_SELECTOR, "input[name=reason]").send_keys("the shop lost the file")
    click(driver, By.CSS_SELECTOR, "button[value=send-again]")
    wait(driver, lambda d: d.find_elements(By.ID, "confirm"))
    confirm = text(driver, By.TAG_NAME, "main")
    check("Send again 1 job?" in confirm and "the shop lost the file" in confirm, f"Send again: the confirmation says {confirm[:300]!r}")
    report["confirm"] = audit(driver, "Confirm send again")
    click(driver, By.ID, "confirm")
    wait(driver, lambda d: "send-again: 1 of 1" in d.find_element(By.TAG_NAME, "main").text)

    # A running job is cancelled through its confirmation.
    driver.get(base + "/jobs/" + args.running)
    click(driver, By.CSS_SELECTOR, "button[value=cancel]")
    wait(driver, lambda d: d.find_elements(By.ID, "confirm"))
    confirm = text(driver, By.TAG_NAME, "main")
    check("Cancel 1 job?" in confirm and "running" in confirm, f"Cancel: the confirmation says {confirm[:200]!r}")
    click(driver, By.ID, "confirm")
    wait(driver, lambda d: "cancel: 1 of 1" in d.find_element(By.TAG_NAME, "main").text)
    return report


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--unknown", required=True)
    parser.add_argument("--done", required=True)
    parser.add_argument("--running", required=True)
    parser.add_argument("--screenshot", default="")
    args = parser.parse_args()
    drive(decide, args)


if __name__ == "__main__":
    main()
