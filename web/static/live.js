// Middle Kingdom's pages, live: a game or tournament page follows its stream (server-sent events) and, when
// what it shows changed, loads itself again and swaps in the parts that change. Stepping through a game's
// positions loads the position without leaving the page (the links work without this file too).
"use strict";
(function () {
  const root = document.querySelector("[data-events]");
  if (!root) return;
  const PARTS = ["status", "private", "stage", "final", "log", "standings", "rounds"];

  function swap(html) {
    const next = new DOMParser().parseFromString(html, "text/html");
    for (const id of PARTS) {
      const now = document.getElementById(id);
      const fresh = next.getElementById(id);
      if (now && fresh) {
        const open = now.querySelector("details[open]") !== null;
        now.replaceWith(fresh);
        if (open) { const details = fresh.querySelector("details"); if (details) details.open = true; }
      }
    }
    const meta = next.querySelector(".meta");
    const current = document.querySelector(".meta");
    if (meta && current) current.replaceWith(meta);
  }

  async function load(url, remember) {
    try {
      const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
      if (!response.ok) { if (response.status === 404) location.reload(); return; }
      swap(await response.text());
      if (remember) history.pushState(null, "", url);
    } catch (error) {
      // offline for a moment: the next change tries again
    }
  }

  document.addEventListener("click", function (event) {
    const link = event.target.closest("a[data-step]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    load(link.href, true).then(function () {
      if (link.dataset.step === "log") {
        const stage = document.getElementById("stage");
        if (stage) stage.scrollIntoView({ block: "start" });
      }
    });
  });
  window.addEventListener("popstate", function () { load(location.href, false); });
  document.addEventListener("keydown", function (event) {
    if (event.target.closest("input, textarea, select") || event.altKey || event.ctrlKey || event.metaKey) return;
    const slot = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    const link = slot && document.querySelector('a[data-step="' + slot + '"]');
    if (link) { event.preventDefault(); link.click(); }
  });

  if (!window.EventSource) return;
  const events = new EventSource(root.dataset.events);
  events.addEventListener("change", function () {
    load(location.href, false).then(function () {
      const status = document.getElementById("status");
      if (status) status.classList.add("fresh");
    });
  });
})();
