#include "satslide/cli/html_page.hpp"

#include "satslide/cli/svg.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <ostream>

namespace satslide::cli {

namespace {

constexpr int k_page_cell = 48; // pixels a cell of the animated board

constexpr const char *k_style = R"(
body { font-family: sans-serif; margin: 1.5em; color: #222; }
#verdict { white-space: pre-line; }
#stage { display: flex; gap: 2em; align-items: flex-start; flex-wrap: wrap; }
#controls button { font-size: 1.1em; min-width: 2.5em; }
#slider { width: 20em; }
#moves { max-height: 28em; overflow-y: auto; margin: 0; padding-left: 3em; }
#moves li.current { background: #ffe58a; font-weight: bold; }
#moves li { cursor: pointer; }
table { border-collapse: collapse; margin-top: 0.5em; }
td, th { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: right; }
.bar { fill: #5b8def; } .sat { fill: #3cb371; }
)";

// Steps through the frames: buttons, slider, list, keys, and playing on
// a timer; every step writes the shown position into #board's dataset.
constexpr const char *k_script = R"(
const frames = JSON.parse(document.getElementById('frames').textContent);
const board = document.getElementById('board');
const slider = document.getElementById('slider');
const step = document.getElementById('step');
const items = document.querySelectorAll('#moves li');
const play = document.getElementById('play');
let at = 0, timer = null;
function show(i) {
  at = Math.max(0, Math.min(frames.length - 1, i));
  board.innerHTML = frames[at].svg;
  board.dataset.board = frames[at].board;
  board.dataset.step = at;
  slider.value = at;
  step.textContent = at === 0 ? 'start' :
      'move ' + at + ' of ' + (frames.length - 1) + ': ' + frames[at].move;
  items.forEach((li, k) => li.classList.toggle('current', k + 1 === at));
  if (at > 0) items[at - 1].scrollIntoView({block: 'nearest'});
}
function pause() { clearInterval(timer); timer = null; play.textContent = '\u25B6'; }
function toggle() {
  if (timer) { pause(); return; }
  if (at === frames.length - 1) show(0);
  play.textContent = '||';
  timer = setInterval(() => {
    if (at === frames.length - 1) { pause(); return; }
    show(at + 1);
  }, 500);
}
document.getElementById('first').onclick = () => { pause(); show(0); };
document.getElementById('prev').onclick = () => { pause(); show(at - 1); };
document.getElementById('next').onclick = () => { pause(); show(at + 1); };
document.getElementById('last').onclick = () => { pause(); show(frames.length - 1); };
play.onclick = toggle;
slider.oninput = () => { pause(); show(Number(slider.value)); };
items.forEach((li, k) => li.onclick = () => { pause(); show(k + 1); });
document.addEventListener('keydown', (e) => {
  const keys = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0,
                End: frames.length - 1};
  if (e.key in keys) { pause(); show(keys[e.key]); e.preventDefault(); }
  else if (e.key === ' ') { toggle(); e.preventDefault(); }
});
show(0);
)";

// JSON inside a <script> element: "</" would end the element.
std::string script_json(const nlohmann::json &j) {
  std::string text = j.dump(-1, ' ', false,
                            nlohmann::json::error_handler_t::replace);
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') {
      out += "\\"; // "<\/" reads as "</" in JSON
    }
  }
  return out;
}

nlohmann::json frames_json(const SolutionPage &page) {
  nlohmann::json frames = nlohmann::json::array();
  frames.push_back({{"svg", board_svg(page.start, k_page_cell)},
                    {"board", page.start},
                    {"move", ""}});
  for (const puzzles::ReplayedMove &m : page.moves) {
    frames.push_back({{"svg", board_svg(m.board, k_page_cell)},
                      {"board", m.board},
                      {"move", m.notation}});
  }
  return frames;
}

// The horizons as bars of seconds (green: the one with a plan), and a
// table of each call's seconds, conflicts and variables.
void horizon_chart(std::ostream &out,
                   const std::vector<solver::HorizonStats> &horizons) {
  if (horizons.empty()) {
    return;
  }
  double longest = 1e-9;
  for (const auto &h : horizons) {
    longest = std::max(longest, h.seconds);
  }
  // Bars of 14 pixels, narrower where there are many (at most 800 in all).
  const int bar = std::clamp(800 / static_cast<int>(horizons.size()), 3, 14);
  constexpr int height = 120;
  const int width = static_cast<int>(horizons.size()) * bar + 40;
  out << "<h2>Horizons</h2>\n<svg id=\"chart\" width=\"" << width
      << "\" height=\"" << height + 20 << "\" font-size=\"9\">\n";
  for (std::size_t i = 0; i < horizons.size(); ++i) {
    const auto &h = horizons[i];
    const int tall = std::max(1, static_cast<int>(h.seconds / longest * height));
    const int x = 30 + static_cast<int>(i) * bar;
    out << fmt::format("<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" "
                       "height=\"{}\"><title>horizon {}: {} in {:.3f} s, {} "
                       "conflicts, {} variables</title></rect>\n",
                       h.result == "SAT" ? "sat" : "bar", x, height - tall,
                       std::max(1, bar - 2), tall, h.horizon, h.result, h.seconds,
                       h.conflicts, h.variables);
  }
  out << fmt::format("<text x=\"0\" y=\"10\">{:.2f} s</text>"
                     "<text x=\"30\" y=\"{}\">horizon {} .. {}</text>\n",
                     longest, height + 15, horizons.front().horizon,
                     horizons.back().horizon)
      << "</svg>\n<table id=\"horizons\"><tr><th>horizon</th><th>result"
         "</th><th>seconds</th><th>conflicts</th><th>variables</th></tr>\n";
  for (const auto &h : horizons) {
    out << fmt::format("<tr><td>{}</td><td>{}</td><td>{:.3f}</td><td>{}</td>"
                       "<td>{}</td></tr>\n",
                       h.horizon, xml_escaped(h.result), h.seconds,
                       h.conflicts, h.variables);
  }
  out << "</table>\n";
}

} // namespace

void write_html(std::ostream &out, const SolutionPage &page) {
  const std::string title = xml_escaped(page.title);
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
         "charset=\"utf-8\">\n<title>"
      << title << "</title>\n<style>" << k_style << "</style>\n</head>\n"
      << "<body>\n<h1>" << title << "</h1>\n<p id=\"verdict\">"
      << xml_escaped(page.verdict) << "</p>\n<div id=\"stage\">\n<div>\n"
      << "<div id=\"board\"></div>\n<div id=\"controls\">"
         "<button id=\"first\" title=\"start (Home)\">&laquo;</button>"
         "<button id=\"prev\" title=\"back (left arrow)\">&lsaquo;</button>"
         "<button id=\"play\" title=\"play or pause (space)\">&#x25B6;"
         "</button><button id=\"next\" title=\"forward (right arrow)\">"
         "&rsaquo;</button><button id=\"last\" title=\"the end (End)\">"
         "&raquo;</button></div>\n"
      << "<input type=\"range\" id=\"slider\" min=\"0\" max=\""
      << page.moves.size() << "\" value=\"0\">\n<p id=\"step\"></p>\n"
      << "</div>\n<ol id=\"moves\">\n";
  for (const puzzles::ReplayedMove &m : page.moves) {
    out << "<li>" << xml_escaped(m.notation) << "</li>\n";
  }
  out << "</ol>\n</div>\n";
  horizon_chart(out, page.horizons);
  out << "<script type=\"application/json\" id=\"frames\">"
      << script_json(frames_json(page)) << "</script>\n<script>" << k_script
      << "</script>\n</body>\n</html>\n";
}

} // namespace satslide::cli
