// The board: draws a scene (see dungeoncraft_widgets/core/scene.py) as SVG.
// Generic on purpose: all game knowledge stays in Python. Shapes are keyed by
// their scene id, so an update touches only the shapes whose data changed.
// Text from data always goes in through textContent or attributes, never HTML.
// The board is never narrower than the model's min_width_px (where its smallest
// text would shrink below a readable size): a narrow container scrolls sideways. flash_ids marks
// shapes for a moment (a pulse; a still mark for readers who prefer less motion).
// After the first scene, Python sends patches (widgets/board.py scene_patch): the model
// applies each to its scene once (initialize), so every view and a saved notebook see
// the whole scene; a patch that does not follow the revision held asks for the whole.

const SVG_NS = "http://www.w3.org/2000/svg";
const PREFIX = "dcw-";
const TAGS = {
  rect: "rect", circle: "circle", ellipse: "ellipse", polygon: "polygon",
  path: "path", text: "text", group: "g",
};
const GEOMETRY = {
  rect: ["x", "y", "width", "height", "rx"],
  circle: ["cx", "cy", "r"],
  ellipse: ["cx", "cy", "rx", "ry"],
  polygon: [],
  path: ["d"],
  text: ["x", "y"],
  group: ["transform"],
};
let widgetCount = 0;


function shapeKey(shape, clickable) {
  // Everything that decides how this element itself looks (children apart).
  const { children, ...own } = shape;
  return JSON.stringify(own) + (clickable ? "|c" : "");
}

function applyShape(el, shape, clickable) {
  const classes = [PREFIX + "shape"];
  for (const c of shape.classes || []) classes.push(PREFIX + c);
  if (clickable) classes.push(PREFIX + "clickable");
  el.setAttribute("class", classes.join(" "));
  for (const name of GEOMETRY[shape.type] || []) {
    if (shape[name] === undefined || shape[name] === "") el.removeAttribute(name);
    else el.setAttribute(name, String(shape[name]));
  }
  if (shape.type === "polygon") {
    el.setAttribute("points", (shape.points || []).map((p) => p.join(",")).join(" "));
  }
  if (shape.type === "text") {
    el.textContent = shape.text ?? "";
    el.setAttribute("font-size", String(shape.size ?? 12));
    el.setAttribute("text-anchor", shape.anchor || "middle");
    el.setAttribute("font-weight", shape.weight || "normal");
  }
  el.style.fill = shape.fill || "";
  el.style.stroke = shape.stroke || "";
  el.style.strokeWidth = shape.stroke_width ? String(shape.stroke_width) : "";
  el.style.opacity = shape.opacity === undefined ? "" : String(shape.opacity);
  if (shape.label) el.setAttribute("aria-label", shape.label);
  else el.removeAttribute("aria-label");
  if (clickable) el.setAttribute("role", "button");
  else el.removeAttribute("role");
  el.dcwTooltip = shape.tooltip || shape.label || "";
}

function flatten(shapes) {
  // Each shape's own data (children apart) by id; the child ids of the scene ("") and groups.
  const own = new Map();
  const kids = new Map();
  const walk = (parent, items) => {
    kids.set(parent, items.map((item) => item.id));
    for (const item of items) {
      const { children, ...data } = item;
      own.set(item.id, data);
      if (item.type === "group") walk(item.id, children || []);
    }
  };
  walk("", shapes || []);
  return { own, kids };
}

export function applyPatch(scene, patch) {
  const { own, kids } = flatten(scene.shapes);
  for (const [id, shape] of Object.entries(patch.set || {})) {
    own.set(id, shape);
    if (shape.type !== "group") kids.delete(id);
  }
  for (const [id, ids] of Object.entries(patch.kids || {})) kids.set(id, ids);
  const build = (id) => {
    const shape = { ...own.get(id) };
    if (shape.type === "group") {
      shape.children = (kids.get(id) || []).filter((kid) => own.has(kid)).map(build);
    }
    return shape;
  };
  const shapes = (kids.get("") || []).filter((id) => own.has(id)).map(build);
  return { ...scene, ...(patch.meta || {}), shapes };
}

let hostInitializes = false; // anywidget calls initialize once per model, before any view

function followPatches(model) {
  const onPatch = (message) => {
    if (!message || message.type !== "patch") return;
    if (Number(model.get("revision")) !== message.from) {
      model.send({ type: "want" }); // missed one (or another view took it): the whole scene
      return;
    }
    model.set("revision", message.to);
    model.set("scene", applyPatch(model.get("scene") || {}, message));
  };
  model.on("msg:custom", onPatch);
  return () => model.off("msg:custom", onPatch);
}

function initialize({ model }) {
  hostInitializes = true;
  return followPatches(model);
}

function render({ model, el }) {
  // A host without initialize: each view follows the patches (a second view of the same
  // model then finds the revision moved on, and asks for the whole scene once).
  const unfollow = hostInitializes ? null : followPatches(model);

  const uid = `dcw${++widgetCount}`;
  const root = document.createElement("div");
  root.className = PREFIX + "board";
  const scroller = document.createElement("div"); // scrolls sideways when text would shrink
  scroller.className = PREFIX + "board-scroll";
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("tabindex", "0");
  svg.setAttribute("role", "application");
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  const title = document.createElementNS(SVG_NS, "title");
  const desc = document.createElementNS(SVG_NS, "desc");
  const layer = document.createElementNS(SVG_NS, "g");
  layer.setAttribute("class", PREFIX + "layer");
  svg.append(title, desc, layer);
  const tooltip = document.createElement("div");
  tooltip.className = PREFIX + "tooltip";
  tooltip.setAttribute("role", "tooltip");
  tooltip.hidden = true;
  const live = document.createElement("div");
  live.className = PREFIX + "live";
  live.setAttribute("aria-live", "polite");
  scroller.append(svg);
  root.append(scroller, tooltip, live);
  el.classList.add(PREFIX + "board-host");
  el.append(root);

  const elements = new Map(); // scene id -> SVG element
  let clickable = new Set();
  let focusedId = null;
  let hoveredId = null;
  let shownKey = null; // the hovered shape as drawn when its tooltip was shown
  let nodeCount = 0;
  let flashing = new Set(); // ids marked for a moment
  let flashTimer = null;

  function reconcile(parent, shapes, seen) {
    let index = 0;
    for (const shape of shapes) {
      const tag = TAGS[shape.type];
      if (!tag || seen.has(shape.id)) continue; // unknown type or repeated id: skip
      seen.add(shape.id);
      let node = elements.get(shape.id);
      if (!node || node.localName !== tag) {
        if (node) node.remove();
        node = document.createElementNS(SVG_NS, tag);
        node.setAttribute("data-id", shape.id);
        node.id = `${uid}-${(nodeCount += 1)}`;
        elements.set(shape.id, node);
      }
      const isClickable = clickable.has(shape.id);
      const key = shapeKey(shape, isClickable);
      if (node.dcwKey !== key) {
        applyShape(node, shape, isClickable);
        node.dcwKey = key;
        if (shape.id === focusedId) node.classList.add(PREFIX + "focused");
        if (flashing.has(shape.id)) node.classList.add(PREFIX + "flash");
      }
      if (shape.type === "group") reconcile(node, shape.children || [], seen);
      if (parent.childNodes[index] !== node) parent.insertBefore(node, parent.childNodes[index] || null);
      index += 1;
    }
    while (parent.childNodes.length > index) parent.lastChild.remove();
  }

  function draw() {
    const scene = model.get("scene") || {};
    const width = Number(scene.width) || 100;
    const height = Number(scene.height) || 100;
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    // Below this width (Python's readable_width) the text would shrink: scroll sideways.
    const minWidth = Number(model.get("min_width_px")) || 0;
    svg.style.minWidth = minWidth > 0 ? `${minWidth}px` : "";
    title.textContent = scene.title || "";
    desc.textContent = scene.description || scene.title || "";
    svg.setAttribute("aria-label", scene.title || "game board");
    clickable = new Set(scene.clickable || []);
    const seen = new Set();
    reconcile(layer, scene.shapes || [], seen);
    for (const id of [...elements.keys()]) if (!seen.has(id)) elements.delete(id);
    if (focusedId !== null && !clickable.has(focusedId)) setFocus(null);
    // A tooltip on a shape that moved or changed (the piece just moved) would describe
    // what is no longer there: it goes until the pointer comes over a shape again.
    if (hoveredId !== null && elements.get(hoveredId)?.dcwKey !== shownKey) hideTooltip();
  }

  function showScrollEdges() {
    // A shadow on an edge the board continues past, so a reader knows to scroll.
    const more = scroller.scrollWidth - scroller.clientWidth;
    root.classList.toggle(PREFIX + "more-left", more > 1 && scroller.scrollLeft > 1);
    root.classList.toggle(PREFIX + "more-right", more > 1 && scroller.scrollLeft < more - 1);
  }

  function flash() {
    const { ids = [], ms = 3000 } = model.get("flash_ids") || {};
    for (const id of flashing) elements.get(id)?.classList.remove(PREFIX + "flash");
    flashing = new Set(ids);
    for (const id of flashing) elements.get(id)?.classList.add(PREFIX + "flash");
    clearTimeout(flashTimer);
    flashTimer = setTimeout(() => {
      for (const id of flashing) elements.get(id)?.classList.remove(PREFIX + "flash");
      flashing = new Set();
    }, Number(ms) || 3000);
  }

  function idOf(target) {
    for (let node = target; node && node !== svg; node = node.parentNode) {
      if (node.getAttribute && node.hasAttribute("data-id")) {
        const id = node.getAttribute("data-id");
        if (clickable.has(id) || node.dcwTooltip) return id;
      }
    }
    return null;
  }

  function showTooltip(id) {
    const node = elements.get(id);
    if (!node || !node.dcwTooltip) return hideTooltip();
    tooltip.textContent = node.dcwTooltip;
    tooltip.hidden = false;
    shownKey = node.dcwKey;
    const box = node.getBoundingClientRect();
    const frame = root.getBoundingClientRect();
    // Centred under the shape, but kept wholly inside the board (not cut at an edge).
    const centre = box.left - frame.left + box.width / 2;
    const width = tooltip.offsetWidth;
    tooltip.style.left = `${Math.max(0, Math.min(centre - width / 2, frame.width - width))}px`;
    // Below the shape, unless that would leave the board: then above it.
    const below = box.bottom - frame.top + 4;
    const fits = below + tooltip.offsetHeight <= frame.height;
    tooltip.style.top = `${fits ? below : Math.max(0, box.top - frame.top - tooltip.offsetHeight - 4)}px`;
  }

  function hideTooltip() {
    tooltip.hidden = true;
    hoveredId = null;
    shownKey = null;
  }

  function setFocus(id) {
    if (focusedId !== null) elements.get(focusedId)?.classList.remove(PREFIX + "focused");
    focusedId = id;
    const node = id === null ? null : elements.get(id);
    if (node) {
      node.classList.add(PREFIX + "focused");
      if (scroller.scrollWidth > scroller.clientWidth) {
        node.scrollIntoView({ block: "nearest", inline: "nearest" });
      }
      svg.setAttribute("aria-activedescendant", node.id);
      live.textContent = node.getAttribute("aria-label") || node.dcwTooltip || id;
      showTooltip(id);
    } else {
      svg.removeAttribute("aria-activedescendant");
    }
  }

  function centre(id) {
    const box = elements.get(id).getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  }

  function readingOrder() {
    // Clickable shapes top to bottom, then left to right (by their centres).
    return [...clickable].filter((id) => elements.has(id))
      .map((id) => [id, centre(id)])
      .sort((a, b) => (a[1][1] - b[1][1]) || (a[1][0] - b[1][0]))
      .map(([id]) => id);
  }

  function moveFocus(dx, dy) {
    if (focusedId === null) return setFocus(readingOrder()[0] ?? null);
    const [fx, fy] = centre(focusedId);
    let best = null;
    let bestScore = Infinity;
    for (const id of clickable) {
      if (id === focusedId || !elements.has(id)) continue;
      const [x, y] = centre(id);
      const along = (x - fx) * dx + (y - fy) * dy; // distance in the arrow's direction
      if (along <= 0.5) continue;
      const across = Math.abs((x - fx) * dy) + Math.abs((y - fy) * dx);
      const score = along + 2 * across; // prefer shapes straight ahead
      if (score < bestScore) { bestScore = score; best = id; }
    }
    if (best !== null) setFocus(best);
  }

  function report(type, id, via) {
    model.send({ type, id, via });
  }

  const onClick = (event) => {
    const id = idOf(event.target);
    if (id === null || !clickable.has(id)) return;
    setFocus(id);
    report("click", id, "pointer");
  };
  const onOver = (event) => {
    const id = idOf(event.target);
    if (id === hoveredId) return;
    if (id === null) return hideTooltip();
    hoveredId = id;
    showTooltip(id);
    if (clickable.has(id)) report("hover", id, "pointer");
  };
  const onLeave = () => hideTooltip();
  const onKey = (event) => {
    const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (moves[event.key]) {
      event.preventDefault();
      moveFocus(...moves[event.key]);
      if (focusedId !== null) report("hover", focusedId, "keyboard");
    } else if ((event.key === "Enter" || event.key === " ") && focusedId !== null) {
      event.preventDefault();
      report("click", focusedId, "keyboard");
    } else if (event.key === "Escape") {
      hideTooltip();
    }
  };
  const onFocus = () => {
    if (focusedId === null) setFocus(readingOrder()[0] ?? null);
  };
  const onBlur = () => hideTooltip();

  const listeners = [
    ["click", onClick], ["mouseover", onOver], ["mouseleave", onLeave],
    ["keydown", onKey], ["focus", onFocus], ["blur", onBlur],
  ];
  for (const [name, handler] of listeners) svg.addEventListener(name, handler);
  scroller.addEventListener("scroll", showScrollEdges, { passive: true });
  const resizing = typeof ResizeObserver === "undefined" ? null
    : new ResizeObserver(showScrollEdges);
  resizing?.observe(scroller);
  resizing?.observe(svg);
  model.on("change:scene", draw);
  model.on("change:min_width_px", draw);
  model.on("change:flash_ids", flash); // only a change flashes: not the first drawing
  draw();

  return () => {
    model.off("change:scene", draw);
    model.off("change:min_width_px", draw);
    model.off("change:flash_ids", flash);
    clearTimeout(flashTimer);
    unfollow?.();
    resizing?.disconnect();
    scroller.removeEventListener("scroll", showScrollEdges);
    for (const [name, handler] of listeners) svg.removeEventListener(name, handler);
    root.remove();
  };
}

export default { initialize, render };
