// bench/godip/main.go - godip's side of the side-by-side adjudicator
// benchmark (bench/godip.sh, bench/README.md).  It lives outside the C build
// because it is godip's own code that must do the parsing and the
// adjudicating: the comparison is only fair if each program reads the same
// phase file with its own DATC parser and times only its own resolution.
//
//	main gen N SEED      writes N random Classical movement phases, played
//	                     by godip from the start, as DATC cases (POSTSTATE
//	                     is godip's result, so `judge cases` can compare)
//	main run FILE SECS   loads FILE with godip's DATC parser and times
//	                     State.Next over all its cases, round after round
package main

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"sort"
	"strconv"
	"syscall"
	"time"

	"github.com/zond/godip"
	"github.com/zond/godip/datc"
	"github.com/zond/godip/orders"
	"github.com/zond/godip/state"
	"github.com/zond/godip/variants/classical"
)

const (
	kHold = iota
	kMove
	kSupport
	kConvoy
)

// sorted keys keep the generator's output a function of its seed alone
// (Go randomises map order).
func sortedProvs(m map[godip.Province]godip.Unit) []godip.Province {
	ps := make([]godip.Province, 0, len(m))
	for p := range m {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i] < ps[j] })
	return ps
}

func letter(t godip.UnitType) string {
	if t == godip.Army {
		return "A"
	}
	return "F"
}

func valid(s *state.State, o godip.Adjudicator) bool {
	_, err := o.Validate(s)
	return err == nil
}

// orderText spells an order the way the jDip/DATC files do.
func orderText(s *state.State, o godip.Adjudicator) string {
	t := o.Targets()
	u, _, _ := s.Unit(t[0])
	switch o.Type() {
	case godip.Move:
		return fmt.Sprintf("%s %s-%s", letter(u.Type), t[0], t[1])
	case godip.Support:
		v, _, _ := s.Unit(t[1])
		if len(t) == 2 {
			return fmt.Sprintf("%s %s S %s %s", letter(u.Type), t[0], letter(v.Type), t[1])
		}
		return fmt.Sprintf("%s %s S %s %s-%s", letter(u.Type), t[0], letter(v.Type), t[1], t[2])
	case godip.Convoy:
		return fmt.Sprintf("F %s C A %s-%s", t[0], t[1], t[2])
	}
	return fmt.Sprintf("%s %s H", letter(u.Type), t[0])
}

// drawOrders gives every unit an order, as bench/adjudicate_bench.c does:
// a kind first, then one legal order of it; supports and convoys back what
// their target was really ordered to, or nearly every one would be void.
func drawOrders(s *state.State, rng *rand.Rand) map[godip.Province]godip.Adjudicator {
	units := s.Units()
	provs := sortedProvs(units)
	all := s.Graph().Provinces()
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	kind := map[godip.Province]int{}
	got := map[godip.Province]godip.Adjudicator{}
	for _, p := range provs {
		n := 3
		if units[p].Type == godip.Fleet {
			n = 4
		}
		kind[p] = rng.Intn(n)
		if kind[p] == kMove {
			var moves []godip.Adjudicator
			for _, q := range all {
				if m := orders.Move(p, q); q != p && valid(s, m) {
					moves = append(moves, m)
				}
			}
			if len(moves) > 0 {
				got[p] = moves[rng.Intn(len(moves))]
			}
		}
		if kind[p] <= kMove && got[p] == nil {
			got[p] = orders.Hold(p)
		}
	}
	for _, p := range provs {
		var c []godip.Adjudicator
		for _, r := range provs {
			if r == p {
				continue
			}
			var o godip.Adjudicator
			mv, moving := got[r], got[r] != nil && got[r].Type() == godip.Move
			switch {
			case kind[p] == kSupport && moving:
				o = orders.SupportMove(p, r, mv.Targets()[1])
			case kind[p] == kSupport:
				o = orders.SupportHold(p, r)
			case kind[p] == kConvoy && moving && units[r].Type == godip.Army:
				o = orders.Convoy(p, r, mv.Targets()[1])
			}
			if o != nil && valid(s, o) {
				c = append(c, o)
			}
		}
		if kind[p] >= kSupport {
			if len(c) > 0 {
				got[p] = c[rng.Intn(len(c))]
			} else {
				got[p] = orders.Hold(p)
			}
		}
	}
	return got
}

func writeUnits(w *bufio.Writer, head string, m map[godip.Province]godip.Unit) {
	fmt.Fprintln(w, head)
	for _, p := range sortedProvs(m) {
		fmt.Fprintf(w, "\t%s: %s %s\n", m[p].Nation, letter(m[p].Type), p)
	}
}

// build spends every build a power has on its empty home centres, so the
// random games keep their armies instead of wasting away.
func build(s *state.State, rng *rand.Rand) {
	units := s.Units()
	count := map[godip.Nation]int{}
	for _, n := range s.SupplyCenters() {
		count[n]++
	}
	for _, u := range units {
		count[u.Nation]--
	}
	scs := s.SupplyCenters()
	var homes []godip.Province
	for p := range scs {
		homes = append(homes, p)
	}
	sort.Slice(homes, func(i, j int) bool { return homes[i] < homes[j] })
	for _, p := range homes {
		n := scs[p]
		if count[n] <= 0 {
			continue
		}
		typ := godip.Army
		if rng.Intn(2) == 1 {
			typ = godip.Fleet
		}
		for _, t := range []godip.UnitType{typ, godip.Army} {
			if o := orders.Build(p, t, time.Now()); valid(s, o) {
				s.SetOrder(p, o)
				count[n]--
				break
			}
		}
	}
}

func gen(n int, seed int64) {
	rng := rand.New(rand.NewSource(seed))
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	fmt.Fprintf(w, "# %d random Classical movement phases drawn and adjudicated by godip\n", n)
	fmt.Fprintf(w, "# (bench/godip/main.go gen %d %d); POSTSTATE is godip's result.\nVARIANT_ALL Standard\n", n, seed)
	var s *state.State
	for done := 0; done < n; {
		if s == nil || s.Phase().Year() > 1915 {
			s, _ = classical.Start()
		}
		ph := s.Phase()
		switch ph.Type() {
		case godip.Movement:
			got := drawOrders(s, rng)
			done++
			fmt.Fprintf(w, "CASE godip.%d\nPRESTATE_SETPHASE %s %d, Movement\n", done, ph.Season(), ph.Year())
			writeUnits(w, "PRESTATE", s.Units())
			fmt.Fprintln(w, "ORDERS")
			for _, p := range sortedProvs(s.Units()) {
				u := s.Units()[p]
				fmt.Fprintf(w, "\t%s: %s\n", u.Nation, orderText(s, got[p]))
				s.SetOrder(p, got[p])
			}
			if err := s.Next(); err != nil {
				panic(err)
			}
			writeUnits(w, "POSTSTATE", s.Units())
			writeUnits(w, "POSTSTATE_DISLODGED", s.Dislodgeds())
			fmt.Fprintln(w, "END")
		case godip.Adjustment:
			build(s, rng)
			s.Next()
		default:
			s.Next() // retreats: no orders, so every dislodged unit disbands
		}
	}
}

// setUp builds the position a case describes, as godip's own DATC test
// (variants/classical/classical_test.go) does for movement phases.
func setUp(sp *datc.StatePair) *state.State {
	s := classical.Blank(sp.Before.Phase)
	s.SetUnits(sp.Before.Units)
	for prov, o := range sp.Before.Orders {
		if u, _, ok := s.Unit(prov); ok && u.Nation == o.Nation {
			s.SetOrder(prov, o.Order)
		}
	}
	return s
}

func cpu() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func run(file string, secs float64) {
	in, err := os.Open(file)
	if err != nil {
		panic(err)
	}
	var pairs []*datc.StatePair
	parser := datc.Parser{
		Variant:        "Standard",
		OrderParser:    classical.DATCOrder,
		PhaseParser:    classical.DATCPhase,
		NationParser:   classical.DATCNation,
		UnitTypeParser: classical.DATCUnitType,
		ProvinceParser: classical.DATCProvince,
	}
	if err := parser.Parse(in, func(sp *datc.StatePair) { pairs = append(pairs, sp) }); err != nil {
		panic(err)
	}
	var spent time.Duration
	phases := 0
	for spent.Seconds() < secs {
		states := make([]*state.State, len(pairs))
		for i, sp := range pairs {
			states[i] = setUp(sp)
		}
		runtime.GC()
		t0 := cpu()
		for _, s := range states {
			if err := s.Next(); err != nil {
				panic(err)
			}
		}
		spent += cpu() - t0
		phases += len(states)
	}
	fmt.Printf("godip: %d phases in %.3f s CPU: %.0f phases/s\n", phases, spent.Seconds(),
		float64(phases)/spent.Seconds())
}

func main() {
	runtime.GOMAXPROCS(1)
	godip.Debug = false
	if len(os.Args) == 4 && os.Args[1] == "gen" {
		n, _ := strconv.Atoi(os.Args[2])
		seed, _ := strconv.ParseInt(os.Args[3], 10, 64)
		gen(n, seed)
		return
	}
	if len(os.Args) == 4 && os.Args[1] == "run" {
		secs, _ := strconv.ParseFloat(os.Args[3], 64)
		run(os.Args[2], secs)
		return
	}
	fmt.Fprintln(os.Stderr, "usage: main gen N SEED | main run FILE SECONDS")
	os.Exit(2)
}
