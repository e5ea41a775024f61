// A live picture of ipywidgets (an app's panels, a calculator) for hosts that run
// anywidgets but not ipywidgets (marimo). Python writes the HTML (every piece of
// data in it escaped there: dungeoncraft_widgets/widgets/fallback.py) and decides
// what everything does; this module only shows it and reports what the reader did:
// {type: "click", index} for a button, {type: "set", index, value} for an input.

function valueOf(input) {
  if (input.type === "checkbox") return input.checked;
  if (input.multiple) return [...input.selectedOptions].map((o) => Number(o.value));
  if (input.tagName === "SELECT") return Number(input.value);
  return input.value;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "dcw-mirror";
  el.append(root);

  function draw() {
    // Keep the reader's place: the focused field and its caret survive a redraw.
    const active = root.contains(document.activeElement) ? document.activeElement : null;
    const index = active?.dataset?.dcwIndex;
    const caret = active && "selectionStart" in active ? active.selectionStart : null;
    root.innerHTML = model.get("html");
    if (index !== undefined) {
      const again = root.querySelector(`[data-dcw-index="${index}"]`);
      if (again) {
        again.focus();
        if (caret !== null && again.setSelectionRange && again.type !== "number") {
          try { again.setSelectionRange(caret, caret); } catch (_e) { /* not a text field */ }
        }
      }
    }
  }

  function onClick(event) {
    const button = event.target.closest("button[data-dcw-index]");
    if (button && root.contains(button) && !button.disabled) {
      model.send({ type: "click", index: Number(button.dataset.dcwIndex) });
    }
  }

  function onChange(event) {
    const input = event.target;
    if (input?.dataset?.dcwIndex === undefined) return;
    model.send({ type: "set", index: Number(input.dataset.dcwIndex), value: valueOf(input) });
  }

  root.addEventListener("click", onClick);
  root.addEventListener("change", onChange);
  model.on("change:html", draw);
  draw();
  return () => {
    model.off("change:html", draw);
    root.removeEventListener("click", onClick);
    root.removeEventListener("change", onChange);
  };
}

export default { render };
