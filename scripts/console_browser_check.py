#!/usr/bin/env python3
"""Drives `folio serve` in headless Chromium (Selenium) as an operator would, for
ConsoleBrowserTests. Phase `review`: sign in, read the Night page's counts, filter the jobs,
follow a low-resolution-image finding to its page's thumbnail, approve the held job, bulk-retry
the failed ones, check every page at 375 px for overflow, console errors and axe (serious or
critical), and take the Job page's screenshot; a failed invalid order shows its problems and its
log's end and offers no Retry; the long-title job's Jobs page fits 375 and 1280 px; the held job
is approved in bulk ("all that match") through its confirmation. Phase `delivered`: a deep link
to the approved job survives signing in, and its page says it was delivered. Prints one JSON object; exits 1 with the failures listed."""
import argparse
import json
import sys

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def browser():
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, condition):
    """Until `condition` holds, looking again when a navigation replaced the page under it
    (a stale element, or a node Chromium says "does not belong to the document")."""
    def attempt(d):
        try:
            return condition(d)
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return False
            raise
    return WebDriverWait(driver, 10, ignored_exceptions=[StaleElementReferenceException]).until(attempt)


def click(driver, by, value):
    """Clicks what `by`/`value` finds, finding it again when the page replaced it between the
    finding and the click (Chromium then says the node "does not belong to the document")."""
    def attempt(d):
        try:
            d.find_element(by, value).click()
            return True
        except StaleElementReferenceException:
            return False
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return False
            raise
    wait(driver, attempt)


def text(driver, by, value):
    """The text of what `by`/`value` finds once the page has it, read again when a navigation
    replaced the element between the finding and the reading (a stale element)."""
    return wait(driver, lambda d: d.find_element(by, value).text or None)


def sign_in(driver, base, token):
    driver.get(base + "/login")
    driver.find_element(By.NAME, "token").send_keys(token)
    click(driver, By.CSS_SELECTOR, "form.login button")
    wait(driver, lambda d: d.current_url.rstrip("/") == base)


def overflowing(driver, selector, keep):
    """[page width, window width, up to five elements matching `selector` (and the JavaScript
    condition `keep` on `e`) whose right edge passes the window]."""
    return driver.execute_script(
        "var w = document.documentElement.clientWidth; var out = [];"
        "document.querySelectorAll('" + selector + "').forEach(function (e) { var r = e.getBoundingClientRect();"
        " if (r.right > w + 1 && " + keep + ") { out.push(e.tagName + '.' + e.className + ' ' + Math.round(r.right)); } });"
        "return [document.documentElement.scrollWidth, w, out.slice(0, 5)];")


def audit(driver, name):
    """At 375 px nothing is wider than the window; no console errors; axe finds nothing serious."""
    driver.set_window_size(375, 812)
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    wide = overflowing(driver, "body *", "!e.closest('.scroll')")
    check(wide[0] <= wide[1] + 1 and not wide[2], f"{name}: overflows at 375 px: {wide}")
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    serious = [v["id"] + ": " + v["help"] for v in results["violations"] if v.get("impact") in ("serious", "critical")]
    check(not serious, f"{name}: axe: {serious}")
    errors = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    check(not errors, f"{name}: console errors: {errors}")
    driver.set_window_size(1280, 900)
    return {"axe_violations": len(results["violations"]), "serious": serious}


def fits(driver, name, width):
    """Nothing on the page is wider than a window `width` px wide (the table included)."""
    driver.set_window_size(width, 900)
    wide = overflowing(driver, "main *", "true")
    check(wide[0] <= wide[1] + 1 and not wide[2], f"{name}: overflows at {width} px: {wide}")
    driver.set_window_size(1280, 900)
    return wide[0]


def failures_explained(driver, args):
    """A failed invalid order lists its problems, offers no Retry, and shows its log's end."""
    report = {}
    driver.get(args.base + "/jobs/" + args.failed[0])
    problems = [li.text for li in driver.find_elements(By.CSS_SELECTOR, ".what .problems li")]
    check(problems and all(":" in p for p in problems), f"Failed job: its problems are not listed: {problems}")
    check(not driver.find_elements(By.CSS_SELECTOR, "button[value=retry]"), "Failed job: Retry is offered for invalid input")
    report["problems"] = problems
    report["failed_job"] = audit(driver, "Job (failed)")
    # A crashed job: what its process printed last, and Retry offered.
    driver.get(args.base + "/jobs/" + args.crashed)
    log = driver.find_elements(By.CSS_SELECTOR, "pre.log")
    check(log and log[0].text.strip() and log[0].is_displayed(), "Crashed job: the end of job.log is not shown")
    check("crashed" in driver.find_element(By.CSS_SELECTOR, ".what").text, "Crashed job: the failure is not named")
    check(driver.find_elements(By.CSS_SELECTOR, "button[value=retry]"), "Crashed job: Retry is not offered")
    report["log_lines"] = len(log[0].text.splitlines()) if log else 0
    report["crashed_job"] = audit(driver, "Job (crashed)")
    # The long-title job: the Jobs table fits a phone and a desktop.
    driver.get(args.base + "/jobs?state=cancelled")
    check(args.long_title in driver.find_element(By.TAG_NAME, "main").text, "Jobs: the long-title job is not listed")
    report["long_title_width_375"] = fits(driver, "Jobs (long title)", 375)
    report["long_title_width_1280"] = fits(driver, "Jobs (long title)", 1280)
    report["long_title"] = audit(driver, "Jobs (long title)")
    return report


def review(driver, args):
    base = args.base
    report = {}
    sign_in(driver, base, args.token)
    counts = {el.get_attribute("data-count"): el.text for el in driver.find_elements(By.CSS_SELECTOR, "[data-count]")}
    report["night_counts"] = counts
    for state, expected in json.loads(args.counts).items():
        check(counts.get(state) == str(expected), f"Night: {state} shows {counts.get(state)}, expected {expected}")
    attention = driver.find_element(By.TAG_NAME, "main").text
    check(args.held in attention and all(i in attention for i in args.failed), "Night: held and failed jobs are not listed first")
    report["night"] = audit(driver, "Night")

    # Filter: by state, then by text.
    driver.get(base + "/jobs")
    Select(driver.find_element(By.NAME, "state")).select_by_visible_text("failed")
    click(driver, By.CSS_SELECTOR, "form.filters button[type=submit]")
    wait(driver, lambda d: "state=failed" in d.current_url)
    rows = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "tbody td a")]
    failed = args.failed + ([args.crashed] if args.crashed else [])
    check(sorted(rows) == sorted(failed), f"Jobs: state=failed lists {rows}")
    report["jobs_failed"] = audit(driver, "Jobs")
    driver.get(base + "/jobs")
    driver.find_element(By.NAME, "q").send_keys("hopper")
    click(driver, By.CSS_SELECTOR, "form.filters button[type=submit]")
    wait(driver, lambda d: "q=hopper" in d.current_url)
    rows = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "tbody td a")]
    check(rows == [args.held], f"Jobs: q=hopper lists {rows}")

    # The held job: its warning leads to the thumbnail of its page.
    click(driver, By.LINK_TEXT, args.held)
    wait(driver, lambda d: d.current_url.endswith("/jobs/" + args.held))
    finding = next((f for f in driver.find_elements(By.CSS_SELECTOR, ".finding") if "low-resolution-image" in f.text), None)
    if check(finding is not None, "Job: no low-resolution-image finding"):
        link = finding.find_element(By.CSS_SELECTOR, "a[href^='#page-']")
        page = link.get_attribute("href").split("#page-")[1]
        link.click()
        wait(driver, lambda d: d.current_url.endswith("#page-" + page))
        image = driver.find_element(By.CSS_SELECTOR, f"#page-{page} img")
        wait(driver, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image))
        visible = driver.execute_script(
            "var r = arguments[0].getBoundingClientRect(); return r.top < window.innerHeight && r.bottom > 0", image)
        check(visible, f"Job: the thumbnail of page {page} is not in view after following the finding")
        report["finding_page"] = int(page)
        report["thumbnail_width"] = driver.execute_script("return arguments[0].naturalWidth", image)
    # The README's picture of the Job page: the state, the actions, the cover and the finding.
    driver.set_window_size(1100, 1500)
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(args.screenshot)
    report["job"] = audit(driver, "Job")

    report.update(failures_explained(driver, args))

    # Approve all that match "held" in bulk: the confirmation says how many and which.
    driver.get(base + "/jobs?state=held")
    click(driver, By.CSS_SELECTOR, "input[name=all]")
    click(driver, By.CSS_SELECTOR, "button[value=approve]")
    wait(driver, lambda d: d.find_elements(By.ID, "confirm"))
    confirm = driver.find_element(By.TAG_NAME, "main").text
    check("Approve 1 job?" in confirm and args.held in confirm, f"Bulk approve: the confirmation says {confirm[:200]!r}")
    report["approve_confirmation"] = audit(driver, "Confirm approve")
    # Double-clicked, as operators do: the form goes once, so no "already approved" comes back.
    ActionChains(driver).double_click(driver.find_element(By.ID, "confirm")).perform()
    wait(driver, lambda d: "approve: 1 of 1" in d.find_element(By.TAG_NAME, "main").text)
    approved = driver.find_element(By.TAG_NAME, "main").text
    check("already" not in approved, f"Bulk approve: a double-click sent the form twice: {approved[:300]!r}")
    driver.get(base + "/jobs/" + args.held)
    state = driver.find_element(By.CSS_SELECTOR, f"[data-job-state='{args.held}']").text
    check(state == "queued", f"Job: after approval the job is {state}")

    # Bulk-retry the two failed jobs.
    driver.get(base + "/jobs?state=failed")
    click(driver, By.ID, "select-all")
    click(driver, By.CSS_SELECTOR, "button[value=retry]")
    wait(driver, lambda d: d.find_elements(By.ID, "confirm"))
    confirm = driver.find_element(By.TAG_NAME, "main").text
    count = len(failed)
    check(f"Retry {count} jobs?" in confirm and all(i in confirm for i in failed), f"Bulk retry: the confirmation says {confirm[:200]!r}")
    click(driver, By.ID, "confirm")
    wait(driver, lambda d: f"retry: {count} of {count}" in d.find_element(By.TAG_NAME, "main").text)
    driver.get(base + "/jobs?state=queued")
    queued = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "tbody td a")]
    check(all(i in queued for i in args.failed), f"Jobs: after the bulk retry, queued are {queued}")
    report["queued_after_retry"] = queued
    return report


def delivered(driver, args):
    # A link to the job, followed before signing in, lands on the job after signing in.
    driver.get(args.base + "/jobs/" + args.held)
    wait(driver, lambda d: "/login" in d.current_url)
    driver.find_element(By.NAME, "token").send_keys(args.token)
    click(driver, By.CSS_SELECTOR, "form.login button")
    wait(driver, lambda d: d.current_url.endswith("/jobs/" + args.held))
    state = text(driver, By.CSS_SELECTOR, f"[data-job-state='{args.held}']")
    main = text(driver, By.TAG_NAME, "main")
    check(state == "done", f"Job: after the run the approved job is {state}")
    check("approved by olga" in main, "Job: the page does not say who approved it")
    check("accepted by local" in main, "Job: the page shows no delivery in the ledger")
    result = {"state": state, "job": audit(driver, "Job (delivered)")}
    # Its report.html, served by the console, shows its previews (the sandbox keeps the cookie).
    driver.get(args.base + "/jobs/" + args.held + "/files/report.html")
    images = driver.find_elements(By.TAG_NAME, "img")
    wait(driver, lambda d: all(d.execute_script("return arguments[0].complete", i) for i in images))
    loaded = [driver.execute_script("return arguments[0].naturalWidth", i) for i in images]
    check(images and all(width > 0 for width in loaded), f"report.html: previews {loaded} did not load")
    result["report_previews"] = loaded
    return result


def drive(phase, args):
    """Runs `phase(driver, args)` in a fresh browser and prints its JSON result with the
    failures; exits 1 when there are any."""
    driver = browser()
    try:
        result = phase(driver, args)
    except Exception as error:  # a missing element is a failure to report, with the page it was on
        failures.append(f"{type(error).__name__}: {error} (at {driver.current_url})")
        result = {}
    finally:
        driver.quit()
    result["failures"] = failures
    print(json.dumps(result))
    sys.exit(1 if failures else 0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("phase", choices=["review", "delivered"])
    parser.add_argument("--base", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--held", required=True)
    parser.add_argument("--failed", nargs="*", default=[])
    parser.add_argument("--counts", default="{}")
    parser.add_argument("--long-title", default="")
    parser.add_argument("--crashed", default="")
    parser.add_argument("--screenshot", default="/tmp/folio-console-job.png")
    args = parser.parse_args()
    drive(review if args.phase == "review" else delivered, args)


if __name__ == "__main__":
    main()
