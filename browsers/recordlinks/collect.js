// collect.js runs in each recorded document: its encoding, its base URL,
// and each URL attribute of its HTML elements, in tree order (template
// contents, which are not in the document, left out), each element's in
// attribute order: the element, the attribute, its value, and, where the
// DOM reflects it as a URL, the getter's value and whether that parses.
(() => {
  const getters = {
    a: {href: "href"}, area: {href: "href"}, base: {href: "href"}, link: {href: "href"},
    img: {src: "src"}, source: {src: "src"}, script: {src: "src"}, iframe: {src: "src"},
    embed: {src: "src"}, video: {src: "src", poster: "poster"}, audio: {src: "src"}, track: {src: "src"},
    object: {data: "data"}, form: {action: "action"}, button: {formaction: "formAction"},
    input: {formaction: "formAction", src: "src"},
    blockquote: {cite: "cite"}, q: {cite: "cite"}, ins: {cite: "cite"}, del: {cite: "cite"},
  };
  const lists = {a: ["ping"], area: ["ping"], link: ["imagesrcset"], img: ["srcset"], source: ["srcset"]};
  const attrs = [];
  for (const el of document.querySelectorAll("*")) {
    if (el.namespaceURI !== "http://www.w3.org/1999/xhtml") continue;
    const name = el.localName;
    const item = el.hasAttribute("itemscope");
    for (const a of el.attributes) {
      if (a.namespaceURI !== null) continue;
      const getter = getters[name] && getters[name][a.name];
      if (getter) {
        const v = el[getter];
        attrs.push([name, a.name, a.value, v, URL.canParse(v)]);
      } else if ((lists[name] || []).includes(a.name) ||
          item && (a.name === "itemid" || a.name === "itemtype") ||
          name === "meta" && a.name === "content" && /^refresh$/i.test(el.getAttribute("http-equiv") || "")) {
        attrs.push([name, a.name, a.value]);
      }
    }
  }
  return JSON.stringify({url: document.URL, characterSet: document.characterSet, baseURI: document.baseURI, attrs});
})()
