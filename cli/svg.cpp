#include "satslide/cli/svg.hpp"

#include "satslide/cli/printable.hpp"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace satslide::cli {

namespace {

// A drawn board as cells: the n-puzzle's are words ("12", "."), a block
// puzzle's characters.
std::vector<std::vector<std::string>> cells_of(const std::string &board) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(board);
  for (std::string line; std::getline(lines, line);) {
    if (line.find_first_not_of(' ') == std::string::npos) {
      continue;
    }
    std::vector<std::string> row;
    if (line.find(' ') != std::string::npos) {
      std::istringstream words(line);
      for (std::string w; words >> w;) {
        row.push_back(w);
      }
    } else {
      for (char c : line) {
        row.emplace_back(1, c);
      }
    }
    rows.push_back(row);
  }
  return rows;
}


// The same piece, the same colour, and neighbouring names far apart: the
// name's index (A-Z, then a-z; a tile's number) times the golden angle,
// so A, B, C ... land 137.5 degrees apart and no two of the first dozens
// share a hue; lightness alternates too. Names of several letters hash.
std::string colour(const std::string &piece) {
  unsigned index = 0;
  const unsigned char first = piece.empty() ? 0 : piece[0];
  if (piece.size() == 1 && first >= 'A' && first <= 'Z') {
    index = first - 'A';
  } else if (piece.size() == 1 && first >= 'a' && first <= 'z') {
    index = 26 + (first - 'a');
  } else if (!piece.empty() &&
             piece.find_first_not_of("0123456789") == std::string::npos &&
             piece.size() < 6) {
    index = static_cast<unsigned>(std::stoi(piece));
  } else {
    index = 2166136261u;
    for (char c : piece) {
      index = (index ^ static_cast<unsigned char>(c)) * 16777619u;
    }
  }
  const double hue = std::fmod(index * 137.50776405, 360.0);
  const int light = index % 2 == 0 ? 72 : 62;
  return "hsl(" + std::to_string(static_cast<int>(hue)) + ",65%," +
         std::to_string(light) + "%)";
}

constexpr int k_cell = 22, k_gap = 16, k_caption = 18, k_per_row = 6;

// The cells of a board, `size` pixels each, from (x0, y0).
void cells_svg(std::ostream &out,
               const std::vector<std::vector<std::string>> &cells, int x0,
               int y0, int size) {
  for (std::size_t r = 0; r < cells.size(); ++r) {
    for (std::size_t c = 0; c < cells[r].size(); ++c) {
      const std::string &v = cells[r][c];
      const bool empty = v == "." || v == "o", wall = v == "#" || v == "x";
      const int x = x0 + static_cast<int>(c) * size;
      const int y = y0 + static_cast<int>(r) * size;
      out << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << size
          << "\" height=\"" << size << "\" fill=\""
          << (empty ? "white" : wall ? "#444" : colour(v))
          << "\" stroke=\"#999\"/>";
      if (!empty && !wall) {
        out << "<text x=\"" << x + size / 2 << "\" y=\"" << y + (2 * size + 2) / 3
            << "\" font-size=\"" << size / 2
            << "\" text-anchor=\"middle\">" << xml_escaped(v) << "</text>";
      }
      out << '\n';
    }
  }
}

void frame(std::ostream &out, const std::vector<std::vector<std::string>> &cells,
           int x0, int y0, const std::string &caption) {
  out << "<g class=\"frame\">\n";
  out << "<text x=\"" << x0 << "\" y=\"" << y0 + 13
      << "\" font-size=\"12\">" << xml_escaped(caption) << "</text>\n";
  cells_svg(out, cells, x0, y0 + k_caption, k_cell);
  out << "</g>\n";
}

} // namespace

std::string board_svg(const std::string &board, int cell) {
  const auto cells = cells_of(board);
  std::size_t columns = 0;
  for (const auto &row : cells) {
    columns = std::max(columns, row.size());
  }
  std::ostringstream out;
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
      << static_cast<int>(columns) * cell + 2 << "\" height=\""
      << static_cast<int>(cells.size()) * cell + 2
      << "\" font-family=\"sans-serif\">\n";
  cells_svg(out, cells, 1, 1, cell);
  out << "</svg>";
  return out.str();
}

// Printable first (no control characters or broken UTF-8, which XML does
// not allow), then XML's own escapes.
std::string xml_escaped(const std::string &text) {
  std::string out;
  for (char c : printable(text)) {
    switch (c) {
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '&': out += "&amp;"; break;
    case '"': out += "&quot;"; break;
    default: out += c;
    }
  }
  return out;
}

void write_svg(std::ostream &out, const Report &report) {
  std::vector<std::pair<std::string, std::string>> frames = {
      {"start", report.board}};
  const auto &moves = report.result.replay.moves;
  for (std::size_t k = 0; k < moves.size(); ++k) {
    frames.push_back({std::to_string(k + 1) + ". " + moves[k].notation,
                      moves[k].board});
  }
  const auto first = cells_of(report.board);
  std::size_t columns = 0;
  for (const auto &row : first) {
    columns = std::max(columns, row.size());
  }
  const int w = static_cast<int>(columns) * k_cell + k_gap;
  const int h = static_cast<int>(first.size()) * k_cell + k_caption + k_gap;
  const int per_row = std::min<int>(k_per_row, static_cast<int>(frames.size()));
  const int rows = (static_cast<int>(frames.size()) + per_row - 1) / per_row;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
      << per_row * w + k_gap << "\" height=\"" << rows * h + 30
      << "\" font-family=\"sans-serif\">\n"
      << "<title>" << xml_escaped(report.title) << ": "
      << moves.size() << " moves</title>\n"
      << "<text x=\"" << k_gap << "\" y=\"20\" font-size=\"14\">"
      << xml_escaped(report.title) << ", " << moves.size() << " moves"
      << (report.result.optimal ? ", optimal" : "") << "</text>\n";
  for (std::size_t k = 0; k < frames.size(); ++k) {
    frame(out, cells_of(frames[k].second),
          k_gap + static_cast<int>(k % per_row) * w,
          30 + static_cast<int>(k / per_row) * h, frames[k].first);
  }
  out << "</svg>\n";
}

} // namespace satslide::cli
