// The app's start: loads the package (served next to the app as ../dist/), then the panels.
// ?delay=MS sets the bots' pause between moves (the browser tests use 0).
import { load } from "../dist/index.mjs";
import { setUpPlay } from "./play.js";
import { setUpValidate } from "./validate.js";

const dh = await load();
const params = new URLSearchParams(location.search);
const delay = Number(params.get("delay") ?? 350);

document.getElementById("version").textContent = `library ${dh.version}`;
for (const tab of document.querySelectorAll(".tab")) {
  tab.addEventListener("click", () => {
    for (const other of document.querySelectorAll(".tab")) {
      other.classList.toggle("active", other === tab);
      document.getElementById(other.dataset.panel).hidden = other !== tab;
    }
  });
}
setUpPlay(dh, { delay });
setUpValidate(dh);
document.getElementById("loading").remove();
document.getElementById("play").hidden = false;
document.body.dataset.ready = "true";
