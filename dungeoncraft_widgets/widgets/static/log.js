// A game log: one line per event, newest at the bottom, kept in view.
// Lines are data (player and card names): they go in with textContent only.
function render({ model, el }) {
  const list = document.createElement("ol");
  list.className = "dcw-log";
  list.setAttribute("aria-label", "game log");
  list.setAttribute("aria-live", "polite");
  el.append(list);
  function draw() {
    const lines = model.get("lines") || [];
    while (list.children.length > lines.length) list.lastChild.remove();
    lines.forEach((line, i) => {
      let item = list.children[i];
      if (!item) { item = document.createElement("li"); list.append(item); }
      const text = typeof line === "string" ? line : line.text;
      if (item.textContent !== text) item.textContent = text;
      item.className = line.private ? "dcw-log-private" : "";
    });
    list.scrollTop = list.scrollHeight;
  }
  model.on("change:lines", draw);
  draw();
  return () => model.off("change:lines", draw);
}
export default { render };
