// Residents' chat page. Talks to POST /api/chat of the same origin; no libraries, no build step.
//
// Safety rule: every piece of text that comes from the assistant is put into the page with textContent or
// text nodes, never parsed as HTML. Links are the only markup built from bot text: anchors created with
// createElement for http(s) URLs only.
//
// Delivery: what the resident sends goes into an outbox (kept in sessionStorage, so a reload does not lose
// it) and is delivered in order. If the assistant cannot be reached, the page shows "Reconnecting…" and
// retries with growing pauses until it can; the message stays on screen and in the outbox meanwhile.
"use strict";

(() => {
  const MAX_CHARS = 2000;
  const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000];
  const REQUEST_TIMEOUT_MS = 45000;
  const STORE_KEYS = { city: "fogChat.city", outbox: "fogChat.outbox" };
  const CITY_NAMES = { victorville: "Victorville", inglewood: "Inglewood" };
  const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
  const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

  const log = document.getElementById("log");
  const form = document.getElementById("composer");
  const input = document.getElementById("message");
  const citySelect = document.getElementById("city");
  const connection = document.getElementById("connection");
  const typing = document.getElementById("typing");
  const inputError = document.getElementById("message-error");
  const starters = document.getElementById("starters");

  // ---- storage (sessionStorage may be unavailable, e.g. in some private modes: then nothing persists) ----
  function load(key) {
    try { return window.sessionStorage.getItem(key); } catch (_) { return null; }
  }
  function save(key, value) {
    try { window.sessionStorage.setItem(key, value); } catch (_) { /* not persisted; the chat still works */ }
  }

  // The conversation itself is the server's: it lives in an HttpOnly cookie this script never sees.

  // ---- rendering ----
  function scrollToEnd() {
    log.scrollTop = log.scrollHeight;
  }

  function appendWithLinks(parent, text) {
    let last = 0;
    for (const match of text.matchAll(URL_PATTERN)) {
      const url = match[0].replace(TRAILING_PUNCTUATION, "");
      const start = match.index;
      if (start > last) parent.appendChild(document.createTextNode(text.slice(last, start)));
      parent.appendChild(linkOrText(url));
      last = start + url.length;
    }
    if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
  }

  function linkOrText(url) {
    let parsed;
    try { parsed = new URL(url); } catch (_) { return document.createTextNode(url); }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return document.createTextNode(url);
    const anchor = document.createElement("a");
    anchor.href = parsed.href;
    anchor.textContent = url;
    anchor.target = "_blank";
    anchor.rel = "noopener noreferrer";
    return anchor;
  }

  function messageShell(kind, spokenLabel) {
    const item = document.createElement("div");
    item.className = `msg ${kind}`;
    const label = document.createElement("span");
    label.className = "visually-hidden";
    label.textContent = spokenLabel;
    const bubble = document.createElement("div");
    bubble.className = "bubble";
    item.append(label, bubble);
    return { item, bubble };
  }

  function textParagraph(text, withLinks) {
    const paragraph = document.createElement("p");
    paragraph.className = "msg-text";
    if (withLinks) appendWithLinks(paragraph, text);
    else paragraph.textContent = text;
    return paragraph;
  }

  function quickReplyButtons(titles) {
    const group = document.createElement("div");
    group.className = "quick-replies";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", "Suggested replies");
    for (const title of titles) {
      if (typeof title !== "string" || !title.trim()) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "quick-reply";
      button.textContent = title;
      button.addEventListener("click", () => { sendText(title); input.focus(); });
      group.appendChild(button);
    }
    return group;
  }

  function renderBotMessage(message) {
    if (!message || typeof message !== "object") return;
    const text = typeof message.text === "string" ? message.text : "";
    const replies = Array.isArray(message.quick_replies) ? message.quick_replies : [];
    const citation = message.citation && typeof message.citation.source === "string" ? message.citation : null;
    if (!text && !replies.length && !citation) return;
    const { item, bubble } = messageShell("bot", "Assistant said:");
    if (text) bubble.appendChild(textParagraph(text, true));
    if (citation) {
      const quote = document.createElement("blockquote");
      quote.className = "citation";
      if (typeof citation.quote === "string" && citation.quote) quote.appendChild(textParagraph(citation.quote, false));
      const source = document.createElement("cite");
      source.textContent = citation.source;
      quote.appendChild(source);
      bubble.appendChild(quote);
    }
    if (!bubble.hasChildNodes()) bubble.remove(); // quick replies alone: just the buttons
    if (replies.length) item.appendChild(quickReplyButtons(replies));
    log.appendChild(item);
    scrollToEnd();
  }

  function renderUserMessage(text) {
    const { item, bubble } = messageShell("user", "You said:");
    bubble.appendChild(textParagraph(text, false));
    log.appendChild(item);
    scrollToEnd();
    return item;
  }

  function renderNote(text) {
    const note = document.createElement("div");
    note.className = "msg note";
    note.textContent = text;
    log.appendChild(note);
    scrollToEnd();
    return note;
  }

  function setDelivery(entry, text, failed) {
    let line = entry.element.querySelector(".delivery");
    if (!text) { if (line) line.remove(); return; }
    if (!line) {
      line = document.createElement("p");
      line.className = "delivery";
      entry.element.appendChild(line);
    }
    line.textContent = text;
    line.classList.toggle("failed", Boolean(failed));
    if (failed) {
      const again = document.createElement("button");
      again.type = "button";
      again.textContent = "Send again";
      again.addEventListener("click", () => {
        setDelivery(entry, "");
        enqueue(entry.item, entry.element);
        input.focus();
      });
      line.appendChild(again);
    }
    scrollToEnd();
  }

  let connectionTimer = null;
  function setConnection(text, ok) {
    window.clearTimeout(connectionTimer);
    connection.textContent = text;
    connection.classList.toggle("ok", Boolean(ok));
    if (ok) connectionTimer = window.setTimeout(() => { connection.textContent = ""; }, 4000);
  }

  function showInputError(text) {
    inputError.textContent = text;
    input.setAttribute("aria-invalid", text ? "true" : "false");
  }

  // ---- delivery ----
  let outbox = []; // [{ item: {kind, text?, city?}, element }]
  let pumping = false;
  let wake = null;

  function persistOutbox() {
    save(STORE_KEYS.outbox, JSON.stringify(outbox.map((entry) => entry.item)));
  }

  function enqueue(item, element) {
    const entry = { item, element: element || null };
    if (!entry.element) {
      entry.element = item.kind === "message"
        ? renderUserMessage(item.text)
        : renderNote(`City set to ${CITY_NAMES[item.city] || item.city}.`);
    }
    outbox.push(entry);
    persistOutbox();
    pump();
  }

  function sleep(ms) {
    return new Promise((resolve) => {
      const timer = window.setTimeout(done, ms);
      function done() { window.clearTimeout(timer); wake = null; resolve(); }
      wake = done;
    });
  }

  async function pump() {
    if (pumping) return;
    pumping = true;
    let failures = 0;
    try {
      while (outbox.length) {
        const entry = outbox[0];
        const result = await deliver(entry.item);
        if (result.retry) {
          setConnection("Reconnecting… Your message is kept and will be sent when the assistant is back.");
          setDelivery(entry, "Not sent yet – waiting to reconnect.");
          await sleep(RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]);
          failures += 1;
          continue;
        }
        outbox.shift();
        persistOutbox();
        if (failures) setConnection("Connected again.", true);
        failures = 0;
        if (result.ok) {
          setDelivery(entry, "");
          if (!result.messages.length) renderNote("The assistant had no answer to that. Try rephrasing your question.");
          result.messages.forEach(renderBotMessage);
        } else if (result.editable && entry.item.kind === "message") {
          entry.element.remove();
          if (!input.value.trim()) input.value = entry.item.text;
          showInputError(result.sentence);
          input.focus();
        } else {
          setDelivery(entry, `Not sent: ${result.sentence}`, true);
        }
      }
    } finally {
      pumping = false;
    }
  }

  async function deliver(item) {
    const body = {};
    if (item.kind === "message") body.message = item.text;
    if (item.city) body.city = item.city;
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    typing.hidden = false;
    scrollToEnd();
    let response;
    let data = null;
    try {
      response = await fetch("/api/chat", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
        credentials: "same-origin",
        signal: controller.signal,
      });
      try { data = await response.json(); } catch (_) { data = null; }
    } catch (_) {
      return { retry: true }; // the web app itself is unreachable (offline, restarting) or too slow
    } finally {
      window.clearTimeout(timer);
      typing.hidden = true;
    }
    const detail = data && typeof data.detail === "string" ? data.detail : "";
    if (response.ok && data && Array.isArray(data.messages)) return { ok: true, messages: data.messages };
    // 503: our app says the assistant is unreachable. 502/504 without our JSON: a proxy in front of us.
    if (response.status === 503 || ((response.status === 502 || response.status === 504) && !detail)) {
      return { retry: true };
    }
    return {
      ok: false,
      editable: response.status === 413 || response.status === 422,
      sentence: detail || `The message could not be sent (error ${response.status}). Please try again.`,
    };
  }

  window.addEventListener("online", () => { if (wake) wake(); });

  // ---- input ----
  function charCount(text) {
    return Array.from(text).length; // code points, as the server counts them
  }

  function problemWith(text) {
    if (!text.replace(/^[\s/]+/, "").trim()) {
      return "Type a question first, for example: Where do banana peels go?";
    }
    const count = charCount(text);
    if (count > MAX_CHARS) {
      return `Your message is ${count.toLocaleString("en-US")} characters long. Please shorten it to 2,000 characters or fewer.`;
    }
    return "";
  }

  function sendText(raw) {
    const text = raw.trim();
    const problem = problemWith(text);
    if (problem) { showInputError(problem); return false; }
    showInputError("");
    enqueue({ kind: "message", text, city: citySelect.value || undefined });
    return true;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (sendText(input.value)) input.value = "";
    input.focus();
  });

  input.addEventListener("input", () => {
    if (inputError.textContent && !problemWith(input.value.trim())) showInputError("");
    else if (charCount(input.value.trim()) > MAX_CHARS) showInputError(problemWith(input.value.trim()));
  });

  for (const button of starters.querySelectorAll("button[data-send]")) {
    button.addEventListener("click", () => { sendText(button.textContent); input.focus(); });
  }

  citySelect.addEventListener("change", () => {
    const city = citySelect.value;
    save(STORE_KEYS.city, city);
    if (city in CITY_NAMES) enqueue({ kind: "city", city });
  });

  // ---- start: restore the city and anything that was not yet delivered before a reload ----
  const savedCity = load(STORE_KEYS.city);
  if (savedCity && savedCity in CITY_NAMES) citySelect.value = savedCity;

  let pending = [];
  try { pending = JSON.parse(load(STORE_KEYS.outbox) || "[]"); } catch (_) { pending = []; }
  if (Array.isArray(pending)) {
    for (const item of pending) {
      const valid = item && (item.kind === "message" ? typeof item.text === "string" : item.kind === "city" && item.city in CITY_NAMES);
      if (valid) enqueue(item);
    }
  }
})();
