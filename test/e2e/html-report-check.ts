/**
 * Opens a review's HTML page in headless Chromium and reports what a reader gets: the charts
 * as drawn (size, points of each series, painted pixels), every request the page tried to make,
 * and every console message and page error. Shared by the review e2e test and
 * `npm run sample-report` (which saves the screenshot shown in the README).
 */
import { pathToFileURL } from "node:url";
import { launchBrowser } from "../support/browser";

// The page's globals, inside page.evaluate (the project compiles without the DOM library).
// biome-ignore lint/suspicious/noExplicitAny: browser globals, typed by the browser.
declare const document: any;
// biome-ignore lint/suspicious/noExplicitAny: browser globals, typed by the browser.
declare const window: any;

interface DrawnChart {
  kind: string;
  title: string;
  width: number;
  height: number;
  /** The heading drawn over the chart, and how wide it is drawn. */
  heading: string;
  headingWidth: number;
  /** The values' axis title, rotated beside it. */
  yAxisLabel: string;
  yAxisLabelRotated: boolean;
  /** Bars of the current version with a height, points of the proposed version's line, its bars. */
  currentBars: number;
  proposedPoints: number;
  proposedBars: number;
  lineLength: number;
  /** Distinct colours in the chart's screenshot: a blank chart has one. */
  colours: number;
}

export interface HtmlReportCheck {
  charts: DrawnChart[];
  /** Requests other than the page itself. */
  requests: string[];
  console: string[];
  screenshot: Buffer;
  /** The last strategy's part of the backtests (its live record, charts and tables), for the README. */
  lastStrategy: Buffer;
}

/** Distinct colours of a PNG, counted by drawing it on a canvas of a blank page of its own. */
async function colours(png: Buffer, open: () => Promise<import("playwright-core").Page>): Promise<number> {
  const page = await open();
  try {
    return await page.evaluate(async (b64: string) => {
      const img = document.createElement("img");
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext("2d");
      g.drawImage(img, 0, 0);
      const data: Uint8ClampedArray = g.getImageData(0, 0, img.width, img.height).data;
      const seen = new Set<number>();
      for (let i = 0; i < data.length; i += 4)
        seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      return seen.size;
    }, png.toString("base64"));
  } finally {
    await page.close();
  }
}

export async function checkHtmlReport(browserPath: string, htmlFile: string): Promise<HtmlReportCheck> {
  const browser = await launchBrowser(browserPath);
  try {
    const url = pathToFileURL(htmlFile).href;
    const requests: string[] = [];
    const messages: string[] = [];
    await browser.context.route("**/*", (route) => {
      const target = route.request().url();
      if (target === url) return route.continue();
      requests.push(target);
      return route.abort();
    });
    const page = await browser.context.newPage();
    page.on("request", (r) => {
      if (r.url() !== url && !requests.includes(r.url())) requests.push(r.url());
    });
    page.on("console", (m) => messages.push(`${m.type()}: ${m.text()}`));
    page.on("pageerror", (e) => messages.push(`pageerror: ${e.message}`));
    await page.goto(url, { waitUntil: "load" });
    const charts: DrawnChart[] = await page.evaluate(() =>
      [...document.querySelectorAll("svg.chart")].map((svg) => {
        const box = svg.getBoundingClientRect();
        const line = svg.querySelector(".series-proposed polyline");
        return {
          kind: svg.getAttribute("data-kind") ?? "",
          title: svg.querySelector("title")?.textContent ?? "",
          width: box.width,
          height: box.height,
          heading: svg.querySelector(".heading")?.textContent ?? "",
          headingWidth: svg.querySelector(".heading")?.getBBox().width ?? 0,
          yAxisLabel: svg.querySelector(".y-axis-label")?.textContent ?? "",
          yAxisLabelRotated: /rotate\(-90\)/.test(
            svg.querySelector(".y-axis-label")?.getAttribute("transform") ?? "",
          ),
          currentBars: [...svg.querySelectorAll(".series-current rect")].filter((r) => r.getBBox().height > 0)
            .length,
          proposedPoints: svg.querySelectorAll(".series-proposed circle").length,
          proposedBars: svg.querySelectorAll(".series-proposed rect").length,
          lineLength: line ? line.getTotalLength() : 0,
          colours: 0,
        };
      }),
    );
    const elements = await page.locator("svg.chart").all();
    for (const [i, element] of elements.entries()) {
      charts[i]!.colours = await colours(await element.screenshot(), () => browser.context.newPage());
    }
    const screenshot = await page.screenshot({ fullPage: true });
    const top: number = await page.evaluate(() => {
      const headings = document.querySelectorAll("h4");
      return headings.length > 0
        ? headings[headings.length - 1].getBoundingClientRect().top + window.scrollY
        : 0;
    });
    const height: number = await page.evaluate(() => document.documentElement.scrollHeight);
    const lastStrategy = await page.screenshot({
      fullPage: true,
      clip: { x: 0, y: Math.max(0, top - 16), width: 1100, height: height - Math.max(0, top - 16) },
    });
    return { charts, requests, console: messages, screenshot, lastStrategy };
  } finally {
    await browser.close();
  }
}
