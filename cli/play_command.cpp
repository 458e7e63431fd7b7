// satslide play: the game (game/game.hpp) on a terminal, with ncurses. The
// board is drawn with each piece in its own colour (and its letter or
// number), the selected piece highlighted; everything is done with keys,
// no mouse. Hints and solutions come from the planner: breadth-first
// search where the space fits, else the SAT engine within --timeout.
#include "satslide/cli/commands.hpp"
#include "satslide/cli/exit_codes.hpp"
#include "satslide/game/game.hpp"

#include "satslide/puzzles/families.hpp"

#include <fmt/format.h>

#include <curses.h>
#include <unistd.h>

#include <algorithm>
#include <random>
#include <sstream>

namespace satslide::cli {

namespace {

using game::Game;
using game::GameMove;
using game::parse_move;

// The keys, a group each, wrapped between groups to the screen's width.
const std::vector<std::string> k_keys{
    "arrows move the selected piece (none: the n-puzzle's tile that slides)",
    "A-Z 0-9 or Tab select, Esc unselects, Enter moves it (if one way)",
    "u undo", "r redo", "x restart", "h hint", "s solve from here",
    "o next opening (Klotski)", "q quit"};
// Where the screen has no rows for them all: one line.
const std::vector<std::string> k_short_keys{"h hint  s solve  u undo  q quit"};

// The groups as lines of at most `width` columns (a group longer than
// that is cut by the screen).
std::vector<std::string> wrapped(const std::vector<std::string> &groups,
                                 int width) {
  std::vector<std::string> lines;
  for (const std::string &g : groups) {
    if (!lines.empty() &&
        static_cast<int>(lines.back().size() + 2 + g.size()) <= width) {
      lines.back() += "  " + g;
    } else {
      lines.push_back(g);
    }
  }
  return lines;
}

std::vector<std::string> lines_of(const std::string &text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    lines.push_back(line);
  }
  return lines;
}

class Screen {
public:
  Screen() {
    initscr();
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    if (has_colors()) {
      start_color();
      use_default_colors();
      const short colours[] = {COLOR_RED,  COLOR_GREEN,   COLOR_YELLOW,
                               COLOR_BLUE, COLOR_MAGENTA, COLOR_CYAN};
      for (short i = 0; i < 6; ++i) {
        init_pair(static_cast<short>(i + 1), COLOR_BLACK, colours[i]);
      }
    }
  }
  ~Screen() { endwin(); }
  Screen(const Screen &) = delete;
  Screen &operator=(const Screen &) = delete;
};

struct View {
  const Game *game;
  std::string selected;
  std::string optimum;  // of the opening, as known
  std::string message;  // the last hint, error or win
};

// Columns a cell takes on the screen: the n-puzzle's numbers four, a
// block puzzle's letters three.
constexpr int k_tile_width = 4;
constexpr int k_block_width = 3;
constexpr int k_board_left = 2;

// The board: block puzzles cell by cell, three columns a cell, each piece
// in its colour; the n-puzzle as drawn, the selected tile highlighted.
// Returns the columns it takes.
int draw_board(const View &v, int top) {
  const auto names = v.game->pieces();
  const bool tiles = v.game->tiles();
  int row = top;
  int width = 0;
  for (const std::string &line : lines_of(v.game->board())) {
    if (tiles) {
      std::istringstream in(line);
      int col = k_board_left;
      for (std::string t; in >> t; col += k_tile_width) {
        const bool sel = t == v.selected;
        if (sel) {
          attron(A_REVERSE);
        }
        mvprintw(row, col, "%3s", t.c_str());
        if (sel) {
          attroff(A_REVERSE);
        }
        width = std::max(width, col + k_tile_width);
      }
    } else {
      for (std::size_t x = 0; x < line.size(); ++x) {
        const std::string name(1, line[x]);
        const auto it = std::find(names.begin(), names.end(), name);
        int attr = 0;
        if (it != names.end() && has_colors()) {
          attr |= COLOR_PAIR(1 + (it - names.begin()) % 6);
        }
        if (name == v.selected) {
          attr |= A_REVERSE | A_BOLD;
        }
        attron(attr);
        mvprintw(row, k_board_left + k_block_width * static_cast<int>(x),
                 " %c ", line[x]);
        attroff(attr);
      }
      width = std::max(width, k_board_left + k_block_width *
                                                 static_cast<int>(line.size()));
    }
    ++row;
  }
  return width;
}

// A line at (row, col), cut at the screen's right edge (never wrapped
// onto the next row).
void put_line(int row, int col, const std::string &text) {
  const int room = getmaxx(stdscr) - col;
  if (room > 0) {
    mvprintw(row, col, "%.*s", room, text.c_str());
  }
}

// The title, the board, the status beside it (below it where the screen
// is too narrow), the keys and the last message at the bottom (below
// everything else where the screen is too short).
void draw(const View &v) {
  erase();
  const int screen_width = getmaxx(stdscr);
  put_line(0, 0, "satslide play: " + v.game->opening().title());
  constexpr int board_top = 2;
  const int board_width = draw_board(v, board_top);
  const int board_rows = static_cast<int>(lines_of(v.game->board()).size());
  std::vector<std::string> status{
      fmt::format("moves: {}", v.game->moves()),
      "optimum from the opening: " + v.optimum,
      "selected: " + (v.selected.empty() ? std::string("-") : v.selected)};
  if (v.game->won()) {
    status.push_back(fmt::format("SOLVED in {} moves", v.game->moves()));
  }
  std::size_t longest = 0;
  for (const std::string &line : status) {
    longest = std::max(longest, line.size());
  }
  const int beside = board_width + 4;
  const bool fits_beside =
      beside + static_cast<int>(longest) <= screen_width;
  const int status_top = fits_beside ? board_top : board_top + board_rows;
  const int status_left = fits_beside ? beside : 0;
  for (std::size_t i = 0; i < status.size(); ++i) {
    put_line(status_top + static_cast<int>(i), status_left, status[i]);
  }
  const int used = std::max(board_top + board_rows,
                            status_top + static_cast<int>(status.size()));
  // The keys and, a row below, the message, at the bottom: all the keys
  // where a gap above them is left, else the short line.
  const int rows = getmaxy(stdscr);
  auto keys = wrapped(k_keys, screen_width - 1);
  if (used + 1 + static_cast<int>(keys.size()) + 2 > rows) {
    keys = k_short_keys;
  }
  const int message_row = std::max(rows - 1, used + 1);
  const int keys_top = std::max(
      message_row - static_cast<int>(keys.size()) -
          (message_row - static_cast<int>(keys.size()) - 1 >= used ? 1 : 0),
      used);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    put_line(keys_top + static_cast<int>(i), 0, keys[i]);
  }
  put_line(message_row, 0, v.message);
  refresh();
}

// The opening's optimum where breadth-first search finds it at once.
std::string known_optimum(const Game &game) {
  if (game.moves() > 0) {
    return "?";
  }
  const planner::Hint h = game.hint(false);
  return h.found ? fmt::format("{} ({})", h.distance, h.engine)
                 : "unknown (h asks the SAT engine)";
}

// The family's named opening `name` (play's 'o' key), in the metric of
// the command line.
std::unique_ptr<puzzles::Puzzle> opening(const Options &o,
                                         const std::string &name) {
  puzzles::InstanceOptions instance;
  instance.layout = name;
  instance.metric = o.instance.metric;
  instance.distinct_pieces = o.instance.distinct_pieces;
  return puzzles::make_puzzle(o.family, instance);
}

// Selects by typed character: a piece letter, or digits building a tile
// number.
void select_key(View &v, int key) {
  const auto names = v.game->pieces();
  const std::string one(1, static_cast<char>(key));
  const std::string longer = v.selected + one;
  if (std::find(names.begin(), names.end(), longer) != names.end() &&
      std::isdigit(key)) {
    v.selected = longer;
  } else if (std::find(names.begin(), names.end(), one) != names.end()) {
    v.selected = one;
  }
}

void solve_here(Game &game, View &v, double delay) {
  v.message = "solving from here...";
  draw(v);
  const planner::Hint h = game.hint();
  if (!h.found) {
    v.message = h.message;
    return;
  }
  for (const std::string &notation : h.plan) {
    const auto &legal = game.legal();
    const auto m = std::find_if(legal.begin(), legal.end(), [&](auto &l) {
      return l.notation == notation;
    });
    if (m == legal.end()) {
      v.message = "internal error: the solution's move " + notation +
                  " is not legal here";
      return;
    }
    game.play(*m);
    v.message = fmt::format("solving: {} ({} of {})", notation,
                            game.moves(), h.distance);
    draw(v);
    napms(static_cast<int>(delay * 1000));
  }
  v.message = fmt::format("solved by {}: {} moves from there, optimal",
                          h.engine, h.distance);
}

// Arrows: the selected piece that way; with none selected, on the
// n-puzzle, the tile that slides that way into the blank.
void move_by_arrow(Game &game, View &view, const char *direction) {
  const std::string &piece = view.selected;
  if ((!piece.empty() || game.tiles()) && game.step(piece, direction)) {
    return;
  }
  view.message = !piece.empty() ? piece + " cannot move " + direction
                 : game.tiles() ? std::string("no tile can slide ") + direction
                                : std::string("select a piece first");
}

// Enter: the selected tile into the blank, whichever way that is.
void move_selected(Game &game, View &view) {
  std::vector<GameMove> ways;
  for (const GameMove &l : game.legal()) {
    if (l.one_cell && l.piece == view.selected) {
      ways.push_back(l);
    }
  }
  if (ways.size() == 1) {
    game.step(ways[0].piece, ways[0].direction);
    return;
  }
  view.message = view.selected.empty() ? "select a piece first"
                 : ways.empty()        ? view.selected + " cannot move"
                                       : view.selected +
                                      " can move several ways: use an arrow";
}

void show_hint(Game &game, View &view) {
  view.message = fmt::format("thinking: breadth-first search where the "
                             "space fits, else SAT for up to {:g} s...",
                             game.hint_options().sat_timeout);
  draw(view);
  const planner::Hint h = game.hint();
  view.message = h.found ? "hint: " + h.message : h.message;
  if (h.found && !h.plan.empty()) {
    view.selected = parse_move(h.plan[0]).piece;
  }
}

// Tab: the next piece.
void select_next(View &view, const std::vector<std::string> &names) {
  auto it = std::find(names.begin(), names.end(), view.selected);
  view.selected =
      it == names.end() || it + 1 == names.end() ? names.front() : *(it + 1);
}

// The instance the options give, or, where they give no board and the
// family draws random instances (the n-puzzle), a random solvable one,
// said in `message`: a newcomer's `satslide play --puzzle 8` plays.
puzzles::InstanceOptions instance_to_play(const Options &o,
                                          std::string &message) {
  puzzles::InstanceOptions instance = read_instance(o);
  const puzzles::FamilyInfo *family = puzzles::find_family(o.family);
  if (!instance.board.empty() || !instance.file_text.empty() || !family ||
      !family->random_instance) {
    return instance;
  }
  std::mt19937_64 rng(std::random_device{}());
  message = "a random solvable board (--board sets your own)";
  return family->random_instance(o.family, instance, rng);
}

planner::HintOptions hint_options(const Options &o) {
  planner::HintOptions options;
  if (o.planner.max_states > 0) {
    options.max_states = o.planner.max_states;
  }
  if (o.planner.timeout_seconds > 0) {
    options.sat_timeout = o.planner.timeout_seconds;
  }
  return options;
}

} // namespace

int run_play(const Options &o) {
  if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
    throw UsageError("satslide play needs a terminal on stdin and stdout "
                     "(for a plan without one, use satslide solve)");
  }
  const puzzles::FamilyInfo *family = puzzles::find_family(o.family);
  const std::vector<std::string> openings =
      family && family->openings ? family->openings()
                                   : std::vector<std::string>{};
  std::size_t at = std::find(openings.begin(), openings.end(),
                             o.instance.layout) -
                   openings.begin();
  const planner::HintOptions options = hint_options(o);
  const double delay = o.animate >= 0 ? o.animate : 0.3;
  std::string first_message;
  auto game = std::make_unique<Game>(
      puzzles::make_puzzle(o.family, instance_to_play(o, first_message)),
      options);
  Screen screen;
  View view{game.get(), "", known_optimum(*game), first_message};
  for (;;) {
    if (game->won()) {
      view.message = fmt::format("Solved in {} moves (optimum from the "
                                 "opening: {}). x restarts, q quits.",
                                 game->moves(), view.optimum);
    }
    draw(view);
    const int key = getch();
    view.message.clear();
    switch (key) {
    case KEY_UP: move_by_arrow(*game, view, "up"); break;
    case KEY_DOWN: move_by_arrow(*game, view, "down"); break;
    case KEY_LEFT: move_by_arrow(*game, view, "left"); break;
    case KEY_RIGHT: move_by_arrow(*game, view, "right"); break;
    case '\t': select_next(view, game->pieces()); break;
    case 27: view.selected.clear(); break;
    case '\n': case KEY_ENTER: case ' ': move_selected(*game, view); break;
    case 'u': if (!game->undo()) view.message = "nothing to undo"; break;
    case 'r': if (!game->redo()) view.message = "nothing to redo"; break;
    case 'x': game->restart(); break;
    case 'h': case '?': show_hint(*game, view); break;
    case 's': solve_here(*game, view, delay); break;
    case 'o':
      if (openings.empty()) {
        view.message = "this puzzle has no named openings (Klotski has)";
        break;
      }
      at = at + 1 >= openings.size() ? 0 : at + 1;
      game = std::make_unique<Game>(opening(o, openings[at]), options);
      view = View{game.get(), "", known_optimum(*game),
                  "opening: " + openings[at]};
      break;
    case 'q': return code(ExitCode::plan_found);
    default: select_key(view, key); break;
    }
  }
}

} // namespace satslide::cli
