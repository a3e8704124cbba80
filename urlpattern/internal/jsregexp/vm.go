package jsregexp

import (
	"unicode/utf8"
)

// This file matches a regular expression's tree with JavaScript's
// semantics, captures included, in time linear in the input: a Pike VM
// (the threads of a backtracking search, run side by side in priority
// order) extended with JavaScript's two rules for loops that Go's regexp
// does not follow. An iteration past a loop's minimum that consumes
// nothing fails (RepeatMatcher's "min = 0 and y's endIndex = x's
// endIndex"); the VM gives each such loop a bit, set when an iteration
// starts and cleared when a code point is consumed, and kills a thread
// that ends an iteration with the bit set. And each iteration starts with
// the loop's groups undefined. A thread's future depends on its
// instruction and its bits only, so two threads at one position with both
// the same are one, the first in priority order.
// https://tc39.es/ecma262/#sec-runtime-semantics-repeatmatcher-abstract-operation

type vmOp uint8

const (
	opSet    vmOp = iota // consume a code point of set
	opSplit              // go on at x, then (lower priority) at y
	opJmp                // go on at x
	opSave               // record the position in slot n
	opAssert             // go on if assertion n holds
	opReset              // undefine groups x to y
	opEnter              // set loop bit n
	opCheck              // fail if loop bit n is set
	opClear              // clear loop bit n
	opMatch
)

type vmInst struct {
	op   vmOp
	set  *charSet
	x, y int
	n    int
}

// A vmProg is a compiled expression for the VM.
type vmProg struct {
	insts []vmInst
	ncap  int // groups, from 1
	nbits int
}

// maxVMInsts bounds a program's size, which repetition counts multiply.
const maxVMInsts = 50000

// compileVM compiles n, an expression with ncap groups.
func compileVM(n *reNode, ncap int) (*vmProg, error) {
	c := &vmCompiler{prog: &vmProg{ncap: ncap}}
	c.emit(vmInst{op: opSave, n: 0})
	if err := c.compile(n); err != nil {
		return nil, err
	}
	c.emit(vmInst{op: opSave, n: 1})
	c.emit(vmInst{op: opMatch})
	return c.prog, nil
}

type vmCompiler struct {
	prog *vmProg
}

func (c *vmCompiler) emit(i vmInst) int {
	c.prog.insts = append(c.prog.insts, i)
	return len(c.prog.insts) - 1
}

func (c *vmCompiler) compile(n *reNode) error {
	if len(c.prog.insts) > maxVMInsts {
		return &unsupportedError{msg: "the expression's repetitions make it too large"}
	}
	switch n.kind {
	case reEmpty:
	case reSet:
		c.emit(vmInst{op: opSet, set: n.set})
	case reConcat:
		for _, s := range n.subs {
			if err := c.compile(s); err != nil {
				return err
			}
		}
	case reAlt:
		var jumps []int
		for i, s := range n.subs {
			if i < len(n.subs)-1 {
				split := c.emit(vmInst{op: opSplit})
				c.prog.insts[split].x = len(c.prog.insts)
				if err := c.compile(s); err != nil {
					return err
				}
				jumps = append(jumps, c.emit(vmInst{op: opJmp}))
				c.prog.insts[split].y = len(c.prog.insts)
				continue
			}
			if err := c.compile(s); err != nil {
				return err
			}
		}
		for _, j := range jumps {
			c.prog.insts[j].x = len(c.prog.insts)
		}
	case reCapture:
		c.emit(vmInst{op: opSave, n: 2 * n.cap})
		if err := c.compile(n.subs[0]); err != nil {
			return err
		}
		c.emit(vmInst{op: opSave, n: 2*n.cap + 1})
	case reGroup:
		return c.compile(n.subs[0])
	case reAssert:
		c.emit(vmInst{op: opAssert, n: int(n.assert)})
	case reRepeat:
		return c.compileRepeat(n)
	}
	return nil
}

// compileRepeat compiles a loop: its minimum as copies of the body, then
// the optional iterations, each a split in the loop's priority order.
func (c *vmCompiler) compileRepeat(n *reNode) error {
	body := n.subs[0]
	iteration := func(check bool) error {
		if body.firstCap <= body.lastCap {
			c.emit(vmInst{op: opReset, x: body.firstCap, y: body.lastCap})
		}
		bit := -1
		if check && body.nullable() {
			bit = c.prog.nbits
			c.prog.nbits++
			if c.prog.nbits > 64 {
				return &unsupportedError{msg: "more than 64 loops whose body can match the empty string"}
			}
			c.emit(vmInst{op: opEnter, n: bit})
		}
		if err := c.compile(body); err != nil {
			return err
		}
		if bit >= 0 {
			c.emit(vmInst{op: opCheck, n: bit})
		}
		return nil
	}
	for range n.min {
		if err := iteration(false); err != nil {
			return err
		}
	}
	split := func() int {
		return c.emit(vmInst{op: opSplit})
	}
	// branch points split s at the iteration (first if greedy) and the
	// exit.
	branch := func(s, iter, exit int) {
		if n.greedy {
			c.prog.insts[s].x, c.prog.insts[s].y = iter, exit
		} else {
			c.prog.insts[s].x, c.prog.insts[s].y = exit, iter
		}
	}
	if n.max < 0 {
		loop := split()
		iter := len(c.prog.insts)
		if err := iteration(true); err != nil {
			return err
		}
		c.emit(vmInst{op: opJmp, x: loop})
		branch(loop, iter, len(c.prog.insts))
		return nil
	}
	var splits []int
	for range n.max - n.min {
		s := split()
		splits = append(splits, s)
		c.prog.insts[s].x = len(c.prog.insts) // the iteration, for now
		if err := iteration(true); err != nil {
			return err
		}
	}
	exit := len(c.prog.insts)
	for _, s := range splits {
		branch(s, s+1, exit)
	}
	return nil
}

// A vmThread is a thread of the VM: its instruction, loop bits and
// capture slots.
type vmThread struct {
	pc   int
	bits uint64
	caps []int
}

// exec matches prog against input from position start (the leftmost
// position where a match starts, which the caller has found), and
// returns the slots of the match JavaScript finds, the first in its
// order of preference: 2*i and 2*i+1 are group i's start and end, -1
// when it did not take part; nil when nothing matches.
func (prog *vmProg) exec(input string, start int) []int {
	type key struct {
		pc   int
		bits uint64
	}
	seen := map[key]bool{}
	// add follows the thread's empty moves at position pos, adding the
	// threads that wait on a code point, or have matched, to list, in
	// priority order.
	var add func(list *[]vmThread, t vmThread, pos int)
	add = func(list *[]vmThread, t vmThread, pos int) {
		for {
			k := key{t.pc, t.bits}
			if seen[k] {
				return
			}
			seen[k] = true
			in := &prog.insts[t.pc]
			switch in.op {
			case opSet, opMatch:
				*list = append(*list, t)
				return
			case opJmp:
				t.pc = in.x
			case opSplit:
				add(list, vmThread{pc: in.x, bits: t.bits, caps: t.caps}, pos)
				t.pc = in.y
			case opSave:
				caps := append([]int(nil), t.caps...)
				caps[in.n] = pos
				t.caps, t.pc = caps, t.pc+1
			case opReset:
				caps := append([]int(nil), t.caps...)
				for g := in.x; g <= in.y; g++ {
					caps[2*g], caps[2*g+1] = -1, -1
				}
				t.caps, t.pc = caps, t.pc+1
			case opEnter:
				t.bits |= 1 << in.n
				t.pc++
			case opCheck:
				if t.bits&(1<<in.n) != 0 {
					return // an empty iteration past the minimum
				}
				t.pc++
			case opClear:
				t.bits &^= 1 << in.n
				t.pc++
			case opAssert:
				if !assertionHolds(assertKind(in.n), input, pos) {
					return
				}
				t.pc++
			}
		}
	}
	caps := make([]int, 2*(prog.ncap+1))
	for i := range caps {
		caps[i] = -1
	}
	var clist, nlist []vmThread
	add(&clist, vmThread{pc: 0, caps: caps}, start)
	var best []int
	for pos := start; len(clist) > 0; {
		var r rune
		size := 0
		if pos < len(input) {
			r, size = utf8.DecodeRuneInString(input[pos:])
		}
		clear(seen)
		nlist = nlist[:0]
		for _, t := range clist {
			in := &prog.insts[t.pc]
			if in.op == opMatch {
				// Preferred to every thread after it; those before it may
				// still match, and would be preferred.
				best = t.caps
				break
			}
			if size > 0 && in.set.contains(r) {
				add(&nlist, vmThread{pc: t.pc + 1, caps: t.caps}, pos+size)
			}
		}
		if size == 0 {
			break
		}
		clist, nlist = nlist, clist
		pos += size
	}
	return best
}

// assertionHolds reports whether an assertion holds at pos.
func assertionHolds(a assertKind, input string, pos int) bool {
	switch a {
	case assertStart:
		return pos == 0
	case assertEnd:
		return pos == len(input)
	case assertLineStart:
		return pos == 0 || isLineTerminator(lastRune(input[:pos]))
	case assertLineEnd:
		return pos == len(input) || isLineTerminator(firstRune(input[pos:]))
	case assertWordBoundary, assertNotWordBoundary:
		a1 := pos > 0 && isWordChar(lastRune(input[:pos]))
		b1 := pos < len(input) && isWordChar(firstRune(input[pos:]))
		return (a1 != b1) == (a == assertWordBoundary)
	}
	return false
}

func isLineTerminator(r rune) bool { return r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029 }

// isWordChar reports whether r is a word character for \b: ASCII letters,
// digits and "_" (and, with the i flag, U+017F and U+212A, which the
// strings a component's expression sees never hold).
func isWordChar(r rune) bool {
	return 'a' <= r|0x20 && r|0x20 <= 'z' || '0' <= r && r <= '9' || r == '_'
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}
