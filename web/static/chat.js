// Residents' chat page. Talks to POST /api/chat of the same origin; no libraries, no build step.
//
// Safety rule: every piece of text that comes from the assistant is put into the page with textContent or
// text nodes, never parsed as HTML. Links are the only markup built from bot text: anchors created with
// createElement for http(s) URLs only.
//
// Delivery: what the resident sends goes into an outbox (kept in sessionStorage, so a reload does not lose
// it) and is delivered in order. If the assistant cannot be reached, the page shows "Reconnecting…" and
// retries with growing pauses until it can; the message stays on screen and in the outbox meanwhile.
//
// Language: English or Spanish (the header's switch; first visit: the browser's language). The page's own
// words come from TEXTS below; every request carries the language, so the server's sentences and the
// assistant's answers come back in it.
"use strict";

(() => {
  const MAX_CHARS = 2000;
  const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000];
  const REQUEST_TIMEOUT_MS = 45000;
  const STORE_KEYS = { city: "fogChat.city", outbox: "fogChat.outbox", language: "fogChat.language" };
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
  const languageSelect = document.getElementById("language");

  // ---- words: every text the page shows, in English and Spanish ----
  // Page elements name their text with data-i18n="key" (their textContent) or data-i18n-content,
  // data-i18n-aria-label, data-i18n-placeholder (an attribute); texts this script writes are set with setText,
  // which records the key too, so switching the language rewrites everything already on the page. What the
  // assistant and the server say is shown as they wrote it (they are told the page's language).
  const LANGUAGES = ["en", "es"];
  const TEXTS = {
    en: {
      "title": "Grease & Organics Help Chat – Victorville and Inglewood",
      "description": "Ask which bin something goes in, how to report a sewage spill, or about grease (FOG) permits in Victorville and Inglewood.",
      "skip": "Skip to the message box",
      "heading": "Grease & Organics Help",
      "tagline": "Victorville and Inglewood rules, with the section each answer comes from.",
      "language": "Language",
      "city": "Your city",
      "city.choose": "Choose…",
      "conversation": "Conversation",
      "log": "Conversation with the assistant",
      "assistant-said": "Assistant said:",
      "you-said": "You said:",
      "intro": "Hi! Ask me which container something goes in, what to do about a grease or sewage spill, or about grease (FOG) permits. Choose your city above so I use the right rules.",
      "typing": "The assistant is typing…",
      "starters": "Common questions",
      "starter.bin": "Which bin?",
      "starter.spill": "Report a spill",
      "starter.permits": "Permits",
      "message": "Your message",
      "placeholder": "Type your question",
      "send": "Send",
      "help": "Press Enter to send. Up to 2,000 characters.",
      "footer": "Answers come from the Victorville Municipal Code (Chapters 6.37 and 10.03) and the Inglewood FOG Ordinance.",
      "suggested": "Suggested replies",
      "send-again": "Send again",
      "city-set": "City set to {city}.",
      "reconnecting": "Reconnecting… Your message is kept and will be sent when the assistant is back.",
      "not-sent-yet": "Not sent yet – waiting to reconnect.",
      "connected": "Connected again.",
      "no-answer": "The assistant had no answer to that. Try rephrasing your question.",
      "not-sent": "Not sent: {sentence}",
      "http-error": "The message could not be sent (error {status}). Please try again.",
      "empty": "Type a question first, for example: Where do banana peels go?",
      "too-long": "Your message is {count} characters long. Please shorten it to 2,000 characters or fewer.",
    },
    es: {
      "title": "Chat de ayuda sobre grasa y orgánicos – Victorville e Inglewood",
      "description": "Pregunte en qué contenedor va algo, cómo reportar un derrame de aguas negras o sobre los permisos de grasa (FOG) en Victorville e Inglewood.",
      "skip": "Ir al cuadro de mensaje",
      "heading": "Ayuda con grasa y orgánicos",
      "tagline": "Las reglas de Victorville e Inglewood, con la sección de la que sale cada respuesta.",
      "language": "Idioma",
      "city": "Su ciudad",
      "city.choose": "Elija…",
      "conversation": "Conversación",
      "log": "Conversación con el asistente",
      "assistant-said": "El asistente dijo:",
      "you-said": "Usted dijo:",
      "intro": "¡Hola! Pregúnteme en qué contenedor va algo, qué hacer con un derrame de grasa o de aguas negras, o sobre los permisos de grasa (FOG). Elija su ciudad arriba para que yo use las reglas correctas.",
      "typing": "El asistente está escribiendo…",
      "starters": "Preguntas frecuentes",
      "starter.bin": "¿En qué contenedor va?",
      "starter.spill": "Reportar un derrame",
      "starter.permits": "Permisos",
      "message": "Su mensaje",
      "placeholder": "Escriba su pregunta",
      "send": "Enviar",
      "help": "Presione Enter para enviar. Hasta 2,000 caracteres.",
      "footer": "Las respuestas vienen del Código Municipal de Victorville (Victorville Municipal Code, capítulos 6.37 y 10.03) y de la Ordenanza FOG de Inglewood (Inglewood FOG Ordinance).",
      "suggested": "Respuestas sugeridas",
      "send-again": "Enviar de nuevo",
      "city-set": "Ciudad elegida: {city}.",
      "reconnecting": "Reconectando… Su mensaje se guardó y se enviará cuando el asistente vuelva.",
      "not-sent-yet": "Todavía no se envió – esperando la reconexión.",
      "connected": "Conectado de nuevo.",
      "no-answer": "El asistente no tuvo respuesta para eso. Intente hacer su pregunta de otra forma.",
      "not-sent": "No se envió: {sentence}",
      "http-error": "No se pudo enviar el mensaje (error {status}). Inténtelo de nuevo.",
      "empty": "Primero escriba una pregunta, por ejemplo: ¿Dónde van las cáscaras de plátano?",
      "too-long": "Su mensaje tiene {count} caracteres. Acórtelo a 2,000 caracteres o menos.",
    },
  };
  const TRANSLATED_ATTRIBUTES = {
    "data-i18n-content": "content",
    "data-i18n-aria-label": "aria-label",
    "data-i18n-placeholder": "placeholder",
  };
  let language = "en";

  function tr(key, params) {
    const template = TEXTS[language][key] ?? TEXTS.en[key] ?? key;
    return template.replace(/\{(\w+)\}/g, (whole, name) => (params && name in params ? String(params[name]) : whole));
  }

  // Our text, by key: remembered on the element so that a language switch rewrites it.
  function setText(element, key, params) {
    element.dataset.i18n = key;
    if (params) element.dataset.i18nParams = JSON.stringify(params);
    else delete element.dataset.i18nParams;
    element.textContent = tr(key, params);
  }

  // A sentence that is not ours to translate (the server's, written in the language the request asked for).
  function setPlainText(element, text) {
    delete element.dataset.i18n;
    delete element.dataset.i18nParams;
    element.textContent = text;
  }

  function translatePage() {
    document.documentElement.lang = language;
    for (const element of document.querySelectorAll("[data-i18n]")) {
      let params = null;
      try { params = element.dataset.i18nParams ? JSON.parse(element.dataset.i18nParams) : null; } catch (_) { params = null; }
      element.textContent = tr(element.dataset.i18n, params);
    }
    for (const [marker, attribute] of Object.entries(TRANSLATED_ATTRIBUTES)) {
      for (const element of document.querySelectorAll(`[${marker}]`)) {
        element.setAttribute(attribute, tr(element.getAttribute(marker)));
      }
    }
  }

  // The resident's earlier choice, else the browser's first language ("es-MX" → Spanish), else English.
  function initialLanguage() {
    const chosen = loadLasting(STORE_KEYS.language);
    if (LANGUAGES.includes(chosen)) return chosen;
    const first = (navigator.languages && navigator.languages[0]) || navigator.language || "";
    return first.toLowerCase().startsWith("es") ? "es" : "en";
  }

  function setLanguage(code, remember) {
    language = LANGUAGES.includes(code) ? code : "en";
    languageSelect.value = language;
    translatePage();
    if (remember) saveLasting(STORE_KEYS.language, language);
  }

  // ---- storage (sessionStorage may be unavailable, e.g. in some private modes: then nothing persists) ----
  function load(key) {
    try { return window.sessionStorage.getItem(key); } catch (_) { return null; }
  }
  function save(key, value) {
    try { window.sessionStorage.setItem(key, value); } catch (_) { /* not persisted; the chat still works */ }
  }
  // The language choice outlives the tab (localStorage), so the resident's next visit opens in it.
  function loadLasting(key) {
    try { return window.localStorage.getItem(key); } catch (_) { return null; }
  }
  function saveLasting(key, value) {
    try { window.localStorage.setItem(key, value); } catch (_) { /* not persisted; the switch still works */ }
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

  function messageShell(kind, spokenLabelKey) {
    const item = document.createElement("div");
    item.className = `msg ${kind}`;
    const label = document.createElement("span");
    label.className = "visually-hidden";
    setText(label, spokenLabelKey);
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
    group.setAttribute("data-i18n-aria-label", "suggested");
    group.setAttribute("aria-label", tr("suggested"));
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
    const { item, bubble } = messageShell("bot", "assistant-said");
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
    const { item, bubble } = messageShell("user", "you-said");
    bubble.appendChild(textParagraph(text, false));
    log.appendChild(item);
    scrollToEnd();
    return item;
  }

  function renderNote(key, params) {
    const note = document.createElement("div");
    note.className = "msg note";
    setText(note, key, params);
    log.appendChild(note);
    scrollToEnd();
    return note;
  }

  function setDelivery(entry, key, params, failed) {
    let line = entry.element.querySelector(".delivery");
    if (!key) { if (line) line.remove(); return; }
    if (!line) {
      line = document.createElement("p");
      line.className = "delivery";
      entry.element.appendChild(line);
    }
    const words = document.createElement("span");
    setText(words, key, params);
    line.replaceChildren(words);
    line.classList.toggle("failed", Boolean(failed));
    if (failed) {
      const again = document.createElement("button");
      again.type = "button";
      setText(again, "send-again");
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
  function setConnection(key, ok) {
    window.clearTimeout(connectionTimer);
    setText(connection, key);
    connection.classList.toggle("ok", Boolean(ok));
    if (ok) connectionTimer = window.setTimeout(() => { setPlainText(connection, ""); }, 4000);
  }

  // problem: {key, params} (the page's own check), {sentence} (the server's refusal), or null to clear.
  function showInputError(problem) {
    if (problem && problem.key) setText(inputError, problem.key, problem.params);
    else setPlainText(inputError, problem ? problem.sentence : "");
    input.setAttribute("aria-invalid", problem ? "true" : "false");
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
        : renderNote("city-set", { city: CITY_NAMES[item.city] || item.city });
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
          setConnection("reconnecting");
          setDelivery(entry, "not-sent-yet");
          await sleep(RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]);
          failures += 1;
          continue;
        }
        outbox.shift();
        persistOutbox();
        if (failures) setConnection("connected", true);
        failures = 0;
        if (result.ok) {
          setDelivery(entry, "");
          if (!result.messages.length) renderNote("no-answer");
          result.messages.forEach(renderBotMessage);
        } else if (result.editable && entry.item.kind === "message") {
          entry.element.remove();
          if (!input.value.trim()) input.value = entry.item.text;
          showInputError({ sentence: result.sentence });
          input.focus();
        } else {
          setDelivery(entry, "not-sent", { sentence: result.sentence }, true);
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
    body.language = language; // the page's language: the server answers in it and tells the assistant
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
      sentence: detail || tr("http-error", { status: response.status }),
    };
  }

  window.addEventListener("online", () => { if (wake) wake(); });

  // ---- input ----
  function charCount(text) {
    return Array.from(text).length; // code points, as the server counts them
  }

  function problemWith(text) {
    if (!text.replace(/^[\s/]+/, "").trim()) return { key: "empty" };
    const count = charCount(text);
    if (count > MAX_CHARS) return { key: "too-long", params: { count: count.toLocaleString("en-US") } };
    return null;
  }

  function sendText(raw) {
    const text = raw.trim();
    const problem = problemWith(text);
    if (problem) { showInputError(problem); return false; }
    showInputError(null);
    enqueue({ kind: "message", text, city: citySelect.value || undefined });
    return true;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (sendText(input.value)) input.value = "";
    input.focus();
  });

  input.addEventListener("input", () => {
    if (inputError.textContent && !problemWith(input.value.trim())) showInputError(null);
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

  languageSelect.addEventListener("change", () => setLanguage(languageSelect.value, true));

  // ---- start: the language, then restore the city and anything not yet delivered before a reload ----
  setLanguage(initialLanguage(), false);
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
