// Echoed input made harmless: terminal escapes, broken UTF-8 and huge
// lines in messages, titles and pictures.
#include "satslide/cli/printable.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <fstream>

using satslide::cli::printable;
using satslide::test::run_command;
using satslide::test::run_satslide;

TEST_SUITE("cli::Printable") {

  TEST_CASE("control characters and broken UTF-8 become \\xNN, UTF-8 stays") {
    CHECK(printable("plain 1,2,3") == "plain 1,2,3");
    CHECK(printable("\033]0;owned\007x") == "\\x1b]0;owned\\x07x");
    CHECK(printable("a\nb") == "a\\x0ab");
    CHECK(printable("a\nb", 400, true) == "a\nb");
    CHECK(printable("del\x7f") == "del\\x7f");
    CHECK(printable("caf\xc3\xa9 \xe2\x86\x92") == "caf\xc3\xa9 \xe2\x86\x92");
    CHECK(printable("bad \xff\xc3") == "bad \\xff\\xc3");
    CHECK(printable("\xed\xa0\x80") == "\\xed\\xa0\\x80"); // a surrogate
    CHECK(printable("\xc0\xaf") == "\\xc0\\xaf");           // overlong '/'
  }

  TEST_CASE("long text is cut, and says how much was left out") {
    const std::string big(2'000'000, 'A');
    const std::string cut = printable(big);
    CHECK(cut.size() < 500);
    CHECK(cut.find("... (1999600 more bytes)") != std::string::npos);
    CHECK(printable(std::string(400, 'x')) == std::string(400, 'x'));
  }

  TEST_CASE("the binary echoes no escape sequence and no megabyte") {
    const auto r =
        run_satslide("--puzzle 8 --board \"$(printf "
                     "'1,2,3,4,5,6,7,8,\\033]0;x\\007')\"");
    CHECK(r.exit_code == 31);
    CHECK(r.err.find('\033') == std::string::npos);
    CHECK(r.err.find('\007') == std::string::npos);
    CHECK(r.err.find("\\x1b") != std::string::npos);
    {
      std::ofstream layout("huge_layout.txt");
      layout << std::string(2'000'000, 'Z') << "\n";
    }
    const auto huge =
        run_satslide("--puzzle klotski --file huge_layout.txt");
    CHECK(huge.exit_code == 31);
    CHECK(huge.err.size() < 2000);
    std::remove("huge_layout.txt");
  }

  TEST_CASE("--svg stays valid XML whatever the layout's name") {
    {
      std::ofstream layout("odd_name.txt");
      layout << "name bad \033[31m \xff name\nsize 3 3\ngrid\nAB.\nAB.\n"
             << "...\ngoal A 1 1\n";
    }
    const auto r = run_satslide(
        "--puzzle klotski --file odd_name.txt --svg odd.svg -q");
    CAPTURE(r.err);
    if (r.exit_code == 0) {
      const auto xml = run_command(
          "python3 -c \"import xml.dom.minidom as m; "
          "m.parse('odd.svg'); print('ok')\"");
      CHECK(xml.out == "ok\n");
    } else {
      CHECK(r.exit_code == 31); // refused is fine too, never broken XML
      CHECK(r.err.find('\033') == std::string::npos);
    }
    std::remove("odd_name.txt");
    std::remove("odd.svg");
  }
}
