import { addDays, formatUsdc } from "./analysis.js";
import { PrecedentApi, type PriceApproval } from "./api.js";
import { drawPriceChart, type PriceChart } from "./charts.js";
import { describeCost, routePrices, searchCost, type RoutePrices } from "./cost.js";
import { checkSearch, type FormProblem } from "./form-check.js";
import { recordNote, trackRecord } from "./record-note.js";
import { appendCall, clearResults, showAnalog, showResults } from "./results.js";
import { FORWARD_DAYS, HistoryCache, runSearch, type SearchInput, type SearchResult } from "./search.js";
import { injectedWallet, testWallet, type PageWallet } from "./wallet.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const input = (id: string) => $<HTMLInputElement>(id);

const histories = new HistoryCache();
let api: PrecedentApi | undefined;
let wallet: PageWallet | undefined;
let lastResult: SearchResult | undefined;
let priceChart: PriceChart | undefined;
let prices: RoutePrices = new Map();

/**
 * What /openapi.json (free) tells the page: whether /dev/faucet exists (embedded mode) and the price of each
 * route a search calls.
 */
async function discover(): Promise<{ embedded: boolean; prices: RoutePrices }> {
  const doc = (await (await fetch("/openapi.json")).json()) as Parameters<typeof routePrices>[0];
  return { embedded: doc.paths["/dev/faucet"] !== undefined, prices: routePrices(doc) };
}

/** Before each payment: the test wallet pays at once (the price still shows in the call list); a real one asks. */
function approval(): PriceApproval {
  return async (route, amount) => {
    if (wallet?.kind === "test") return true;
    const dialog = $<HTMLDialogElement>("approve");
    $("approve-text").textContent = `${route} costs ${formatUsdc(amount)} in ${wallet?.money}. Your wallet will ask you to sign the payment.`;
    dialog.showModal();
    return new Promise((resolve) => {
      const done = (answer: boolean) => () => {
        dialog.close();
        resolve(answer);
      };
      $("approve-pay").onclick = done(true);
      $("approve-decline").onclick = done(false);
      dialog.oncancel = done(false);
    });
  };
}

function useWallet(chosen: PageWallet): void {
  wallet = chosen;
  api = new PrecedentApi(chosen.signer, approval(), (record) => {
    if (record.receipt?.success === true && record.priceAtomic !== undefined) chosen.spent(BigInt(record.priceAtomic));
    appendCall(record);
    showWallet();
  });
  showWallet();
}

function showWallet(): void {
  const status = $("wallet-status");
  status.textContent = wallet?.describe() ?? "Connect a browser wallet holding USDC on Base: each call shows its price before you pay.";
  status.classList.toggle("test-money", wallet?.kind === "test");
}

function showError(error: unknown): void {
  const box = $("error");
  box.hidden = false;
  box.textContent = error instanceof Error ? error.message : String(error);
}

/** A form problem found by the page itself: said, its field marked and focused, and nothing paid. */
function showProblem(problem: FormProblem): void {
  clearResults();
  showError(new Error(problem.message));
  const field = input(problem.field);
  field.setAttribute("aria-invalid", "true");
  field.focus();
}

function clearProblems(): void {
  for (const field of document.querySelectorAll("#search [aria-invalid]")) field.removeAttribute("aria-invalid");
}

/** The form's first problem, checked exactly against the ticker's bars when the page holds its history. */
function formProblem(form: SearchInput): FormProblem | undefined {
  const today = new Date().toISOString().slice(0, 10);
  const valid = form.start_date < form.end_date && form.start_date !== "";
  return checkSearch(form, today, valid ? histories.barsIn(form.ticker, form.start_date, form.end_date) : undefined);
}

/** The cost line beside the button, from the route prices /openapi.json publishes, before anything is paid. */
function showCost(): void {
  const form = readForm();
  const problem = formProblem(form);
  if (prices.size === 0) return;
  $("cost").textContent =
    problem === undefined
      ? `This search: ${describeCost(searchCost(form, prices, histories.holdsWhole(form.ticker)))}.`
      : `Nothing to pay until the form is complete: ${problem.message}`;
}

/** Runs one step of the page with the controls disabled and errors shown as the service worded them. */
async function guarded(step: () => Promise<void>): Promise<void> {
  $("error").hidden = true;
  const buttons = [$<HTMLButtonElement>("run"), $<HTMLButtonElement>("load-chart")];
  for (const b of buttons) b.disabled = true;
  try {
    if (api === undefined || wallet === undefined) throw new Error("Connect a wallet first.");
    await wallet.ensureFunds();
    showWallet();
    await step();
  } catch (error) {
    showError(error);
  } finally {
    for (const b of buttons) b.disabled = false;
    stopProgress();
    showCost();
  }
}

let ticking: number | undefined;
function progress(done: number, total: number, text: string): void {
  const started = Date.now();
  clearInterval(ticking);
  $("progress").hidden = false;
  const bar = $<HTMLProgressElement>("progress-bar");
  bar.max = total;
  // The first step is one request whose length nobody knows (a search over every series): an indeterminate bar.
  if (done === 0) bar.removeAttribute("value");
  else bar.value = done;
  const show = () => ($("progress-text").textContent = `Step ${Math.min(done + 1, total)} of ${total}: ${text} ${Math.round((Date.now() - started) / 1000)} s`);
  show();
  ticking = window.setInterval(show, 1000);
}

function stopProgress(): void {
  clearInterval(ticking);
  $("progress").hidden = true;
}

function readForm(): SearchInput {
  const scope = (document.querySelector<HTMLInputElement>("input[name=universe]:checked")?.value ?? "self") as "self" | "several" | "all";
  return {
    ticker: input("ticker").value.trim(),
    start_date: input("start").value,
    end_date: input("end").value,
    k: Number(input("k").value),
    metric: $<HTMLSelectElement>("metric").value as "l1" | "l2",
    universe: scope === "all" ? "all" : scope === "several" ? input("several").value.trim() : undefined,
    causal: input("causal").checked,
  };
}

/** The price chart's shaded window follows dates typed into the form. */
function syncChartWindow(): void {
  const [first, end] = [input("start").value, input("end").value];
  if (priceChart !== undefined && first !== "" && end !== "") priceChart.select({ first, last: addDays(end, -1) });
}

async function loadChart(): Promise<void> {
  const ticker = input("ticker").value.trim();
  progress(0, 1, `Price history of ${ticker}${histories.holdsWhole(ticker) ? " (already loaded)" : ""}…`);
  const bars = await histories.loadWhole(api!, ticker);
  const chart = $("price-chart");
  chart.hidden = false;
  $("price-chart-hint").hidden = false;
  const [first, end] = [input("start").value, input("end").value];
  const window = first !== "" && end !== "" && first < end ? { first, last: addDays(end, -1) } : undefined;
  priceChart = drawPriceChart(chart, bars, window, (first, last) => {
    input("start").value = first;
    input("end").value = addDays(last, 1);
    showCost();
  });
}

async function search(): Promise<void> {
  clearResults();
  lastResult = await runSearch(api!, readForm(), histories, progress);
  showResults(lastResult);
  void showTrackRecord();
}

async function showTrackRecord(): Promise<void> {
  const note = $("track-record-note");
  try {
    note.textContent = recordNote(await trackRecord(), FORWARD_DAYS);
  } catch (error) {
    note.textContent = `The track record could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function showAnalogFromHash(): void {
  const rank = /^#analog-(\d+)$/.exec(location.hash)?.[1];
  if (rank !== undefined && lastResult !== undefined) showAnalog(lastResult, Number(rank), histories);
}

async function start(): Promise<void> {
  for (const radio of document.querySelectorAll<HTMLInputElement>("input[name=universe]")) {
    radio.addEventListener("change", () => ($("several-label").hidden = radio.value !== "several" || !radio.checked));
  }
  $("search").addEventListener("submit", (event) => {
    event.preventDefault();
    clearProblems();
    // Every field is checked here, before any paid call: a search the service would refuse is never quoted or signed.
    const problem = formProblem(readForm());
    if (problem !== undefined) return showProblem(problem);
    void guarded(search);
  });
  $("search").addEventListener("input", () => {
    clearProblems();
    syncChartWindow();
    showCost();
  });
  $("search").addEventListener("change", showCost);
  $("load-chart").addEventListener("click", () => {
    clearProblems();
    if (input("ticker").value.trim() === "") return showProblem({ field: "ticker", message: "Type a ticker (for example AAPL or SPY)." });
    void guarded(loadChart);
  });
  window.addEventListener("hashchange", showAnalogFromHash);
  // "How to read these numbers" links open the explanation they point to.
  document.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a[href='#how-to-read']") !== null) $<HTMLDetailsElement>("how-to-read").open = true;
  });
  // A row's link shows its chart even when the address already has that hash (the same rank of a new search).
  $("analogs").addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[href^='#analog-']");
    if (link === null) return;
    event.preventDefault();
    history.replaceState(null, "", link.hash);
    showAnalogFromHash();
  });

  const { embedded, prices: published } = await discover();
  prices = published;
  showCost();
  const connect = $<HTMLButtonElement>("connect");
  connect.addEventListener("click", () => {
    injectedWallet(embedded).then(async (chosen) => {
      useWallet(chosen);
      await chosen.ensureFunds();
      showWallet();
    }, showError);
  });
  if (embedded) {
    // The page pays at once with test money; a browser wallet may still be tried (funded with test money too),
    // but its signatures are valid on real Base as well (the embedded chain mirrors it): the label says so.
    connect.textContent = "Use a browser wallet instead (one holding no real USDC)";
    connect.hidden = window.ethereum === undefined;
    useWallet(testWallet());
    await wallet!.ensureFunds();
  } else {
    connect.hidden = false;
  }
  showWallet();
}

start().catch(showError);
