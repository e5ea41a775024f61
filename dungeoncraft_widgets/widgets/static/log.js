// A game log: one line per event, newest at the bottom, kept in view.
// Lines are data (player and card names): they go in with textContent only.
// Python sends only the new lines ("append") or, after an undo or a new game, the
// whole log ("reset"); a view that opens late or sees a gap asks for the whole log.
function render({ model, el }) {
  const list = document.createElement("ol");
  list.className = "dcw-log";
  list.setAttribute("aria-label", "game log");
  list.setAttribute("aria-live", "polite");
  el.append(list);
  let generation = null; // which log this view holds (changes on reset)
  let waiting = false; // asked for the whole log, not yet received

  function add(lines) {
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    const items = document.createDocumentFragment();
    for (const line of lines || []) {
      const item = document.createElement("li");
      item.textContent = String(line.text ?? "");
      if (line.private) item.className = "dcw-log-private";
      items.append(item);
    }
    list.append(items);
    if (atBottom || generation === null) list.scrollTop = list.scrollHeight;
  }

  function askForAll() {
    if (waiting) return;
    waiting = true;
    model.send({ type: "want" });
  }

  function onMessage(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "reset") {
      waiting = false;
      list.replaceChildren();
      generation = null;
      add(msg.lines);
      generation = msg.generation;
    } else if (msg.type === "append") {
      if (msg.generation !== generation || msg.start !== list.children.length) return askForAll();
      add(msg.lines);
    }
  }

  model.on("msg:custom", onMessage);
  // A page saved with its widgets (an exported page) has no kernel to answer: it shows
  // the log as it was saved; a kernel that answers replaces it with the live log.
  const saved = model.get("snapshot");
  if (Array.isArray(saved) && saved.length) add(saved);
  askForAll();
  return () => {
    model.off("msg:custom", onMessage);
    list.remove();
  };
}
export default { render };
