//go:generate go run gen_scripts.go

package jsregexp

import (
	"strings"
	"unicode"
)

// This file reads the Unicode property escapes \p{...} of a JavaScript
// regular expression: a General_Category value, Script= or
// Script_Extensions= a script, or a binary property. Those JavaScript
// knows and this package has no table for (most binary properties
// derived from case mappings, the emoji properties, and the properties
// of strings such as RGI_Emoji) are ErrUnsupported; unknown names
// are syntax errors, as in JavaScript.
// https://tc39.es/ecma262/#sec-runtime-semantics-unicodematchproperty-p

// generalCategories maps every name of a General_Category value, long
// and short, to package unicode's table name.
// https://www.unicode.org/reports/tr44/#General_Category_Values
var generalCategories = map[string]string{
	"C": "C", "Other": "C", "Cc": "Cc", "Control": "Cc", "cntrl": "Cc", "Cf": "Cf", "Format": "Cf",
	"Cn": "Cn", "Unassigned": "Cn", "Co": "Co", "Private_Use": "Co", "Cs": "Cs", "Surrogate": "Cs",
	"L": "L", "Letter": "L", "LC": "LC", "Cased_Letter": "LC", "Ll": "Ll", "Lowercase_Letter": "Ll",
	"Lm": "Lm", "Modifier_Letter": "Lm", "Lo": "Lo", "Other_Letter": "Lo", "Lt": "Lt", "Titlecase_Letter": "Lt",
	"Lu": "Lu", "Uppercase_Letter": "Lu", "M": "M", "Mark": "M", "Combining_Mark": "M", "Mc": "Mc",
	"Spacing_Mark": "Mc", "Me": "Me", "Enclosing_Mark": "Me", "Mn": "Mn", "Nonspacing_Mark": "Mn",
	"N": "N", "Number": "N", "Nd": "Nd", "Decimal_Number": "Nd", "digit": "Nd", "Nl": "Nl", "Letter_Number": "Nl",
	"No": "No", "Other_Number": "No", "P": "P", "Punctuation": "P", "punct": "P", "Pc": "Pc",
	"Connector_Punctuation": "Pc", "Pd": "Pd", "Dash_Punctuation": "Pd", "Pe": "Pe", "Close_Punctuation": "Pe",
	"Pf": "Pf", "Final_Punctuation": "Pf", "Pi": "Pi", "Initial_Punctuation": "Pi", "Po": "Po",
	"Other_Punctuation": "Po", "Ps": "Ps", "Open_Punctuation": "Ps", "S": "S", "Symbol": "S", "Sc": "Sc",
	"Currency_Symbol": "Sc", "Sk": "Sk", "Modifier_Symbol": "Sk", "Sm": "Sm", "Math_Symbol": "Sm",
	"So": "So", "Other_Symbol": "So", "Z": "Z", "Separator": "Z", "Zl": "Zl", "Line_Separator": "Zl",
	"Zp": "Zp", "Paragraph_Separator": "Zp", "Zs": "Zs", "Space_Separator": "Zs",
}

// binaryProperties maps the names, long and short, of the binary
// properties JavaScript takes to their long names.
// https://tc39.es/ecma262/#table-binary-unicode-properties
var binaryProperties = map[string]string{
	"ASCII": "ASCII", "ASCII_Hex_Digit": "ASCII_Hex_Digit", "AHex": "ASCII_Hex_Digit",
	"Alphabetic": "Alphabetic", "Alpha": "Alphabetic", "Any": "Any", "Assigned": "Assigned",
	"Bidi_Control": "Bidi_Control", "Bidi_C": "Bidi_Control", "Bidi_Mirrored": "Bidi_Mirrored", "Bidi_M": "Bidi_Mirrored",
	"Case_Ignorable": "Case_Ignorable", "CI": "Case_Ignorable", "Cased": "Cased",
	"Changes_When_Casefolded": "Changes_When_Casefolded", "CWCF": "Changes_When_Casefolded",
	"Changes_When_Casemapped": "Changes_When_Casemapped", "CWCM": "Changes_When_Casemapped",
	"Changes_When_Lowercased": "Changes_When_Lowercased", "CWL": "Changes_When_Lowercased",
	"Changes_When_NFKC_Casefolded": "Changes_When_NFKC_Casefolded", "CWKCF": "Changes_When_NFKC_Casefolded",
	"Changes_When_Titlecased": "Changes_When_Titlecased", "CWT": "Changes_When_Titlecased",
	"Changes_When_Uppercased": "Changes_When_Uppercased", "CWU": "Changes_When_Uppercased",
	"Dash": "Dash", "Default_Ignorable_Code_Point": "Default_Ignorable_Code_Point", "DI": "Default_Ignorable_Code_Point",
	"Deprecated": "Deprecated", "Dep": "Deprecated", "Diacritic": "Diacritic", "Dia": "Diacritic",
	"Emoji": "Emoji", "Emoji_Component": "Emoji_Component", "EComp": "Emoji_Component",
	"Emoji_Modifier": "Emoji_Modifier", "EMod": "Emoji_Modifier", "Emoji_Modifier_Base": "Emoji_Modifier_Base",
	"EBase": "Emoji_Modifier_Base", "Emoji_Presentation": "Emoji_Presentation", "EPres": "Emoji_Presentation",
	"Extended_Pictographic": "Extended_Pictographic", "ExtPict": "Extended_Pictographic",
	"Extender": "Extender", "Ext": "Extender", "Grapheme_Base": "Grapheme_Base", "Gr_Base": "Grapheme_Base",
	"Grapheme_Extend": "Grapheme_Extend", "Gr_Ext": "Grapheme_Extend", "Hex_Digit": "Hex_Digit", "Hex": "Hex_Digit",
	"IDS_Binary_Operator": "IDS_Binary_Operator", "IDSB": "IDS_Binary_Operator",
	"IDS_Trinary_Operator": "IDS_Trinary_Operator", "IDST": "IDS_Trinary_Operator",
	"ID_Continue": "ID_Continue", "IDC": "ID_Continue", "ID_Start": "ID_Start", "IDS": "ID_Start",
	"Ideographic": "Ideographic", "Ideo": "Ideographic", "Join_Control": "Join_Control", "Join_C": "Join_Control",
	"Logical_Order_Exception": "Logical_Order_Exception", "LOE": "Logical_Order_Exception",
	"Lowercase": "Lowercase", "Lower": "Lowercase", "Math": "Math",
	"Noncharacter_Code_Point": "Noncharacter_Code_Point", "NChar": "Noncharacter_Code_Point",
	"Pattern_Syntax": "Pattern_Syntax", "Pat_Syn": "Pattern_Syntax", "Pattern_White_Space": "Pattern_White_Space",
	"Pat_WS": "Pattern_White_Space", "Quotation_Mark": "Quotation_Mark", "QMark": "Quotation_Mark",
	"Radical": "Radical", "Regional_Indicator": "Regional_Indicator", "RI": "Regional_Indicator",
	"Sentence_Terminal": "Sentence_Terminal", "STerm": "Sentence_Terminal", "Soft_Dotted": "Soft_Dotted", "SD": "Soft_Dotted",
	"Terminal_Punctuation": "Terminal_Punctuation", "Term": "Terminal_Punctuation",
	"Unified_Ideograph": "Unified_Ideograph", "UIdeo": "Unified_Ideograph", "Uppercase": "Uppercase", "Upper": "Uppercase",
	"Variation_Selector": "Variation_Selector", "VS": "Variation_Selector", "White_Space": "White_Space", "space": "White_Space",
	"XID_Continue": "XID_Continue", "XIDC": "XID_Continue", "XID_Start": "XID_Start", "XIDS": "XID_Start",
}

// stringProperties are JavaScript's properties of strings, which only the
// v flag allows, in \p{...} not negated.
var stringProperties = map[string]bool{
	"Basic_Emoji": true, "Emoji_Keycap_Sequence": true, "RGI_Emoji_Modifier_Sequence": true,
	"RGI_Emoji_Flag_Sequence": true, "RGI_Emoji_Tag_Sequence": true, "RGI_Emoji_ZWJ_Sequence": true, "RGI_Emoji": true,
}

// parseProperty reads "{Name}" or "{Name=Value}" after "\p" or "\P".
func (p *reParser) parseProperty() (*charSet, error) {
	start := p.pos - 2
	if p.peek() != '{' {
		return nil, p.errorf(`"\p" is not followed by "{"`)
	}
	end := strings.IndexByte(p.src[p.pos:], '}')
	if end < 0 {
		return nil, p.errorf(`"\p{" is not closed`)
	}
	body := p.src[p.pos+1 : p.pos+end]
	p.pos += end + 1
	invalid := func() error {
		return &SyntaxError{Offset: start, Msg: "an invalid Unicode property " + body}
	}
	unsupported := func() {
		if p.unsupported == "" {
			p.unsupported = "the Unicode property " + body + ", which this package has no table for"
		}
	}
	name, value, hasValue := strings.Cut(body, "=")
	set := &charSet{}
	if hasValue {
		switch name {
		case "General_Category", "gc":
			t, ok := generalCategories[value]
			if !ok {
				return nil, invalid()
			}
			set.addTable(unicode.Categories[t])
		case "Script", "sc", "Script_Extensions", "scx":
			long := value
			if l, ok := scriptAliases[value]; ok {
				long = l
			}
			t, ok := unicode.Scripts[long]
			if !ok {
				return nil, invalid()
			}
			if name == "Script_Extensions" || name == "scx" {
				// Package unicode has no Script_Extensions; it differs
				// from Script only outside ASCII.
				unsupported()
			}
			set.addTable(t)
		default:
			return nil, invalid()
		}
		set.normalize()
		return set, nil
	}
	if t, ok := generalCategories[name]; ok {
		if t == "LC" {
			set.addTable(unicode.Lu)
			set.addTable(unicode.Ll)
			set.addTable(unicode.Lt)
		} else if t == "Cn" {
			set = unassigned()
		} else {
			set.addTable(unicode.Categories[t])
		}
		set.normalize()
		return set, nil
	}
	if stringProperties[name] {
		unsupported()
		return &charSet{strs: []string{"", "\x00\x00"}}, nil // may hold strings; never run
	}
	long, ok := binaryProperties[name]
	if !ok {
		return nil, invalid()
	}
	if s := binaryProperty(long); s != nil {
		return s, nil
	}
	unsupported()
	return set, nil
}

// binaryProperty returns the code points of a binary property, or nil if
// this package has no table for it.
func binaryProperty(name string) *charSet {
	s := &charSet{}
	switch name {
	case "ASCII":
		s.addRange(0, 0x7F)
	case "Any":
		s.addRange(0, maxRune)
	case "Assigned":
		return complement(unassigned())
	case "Alphabetic":
		for _, t := range []*unicode.RangeTable{unicode.L, unicode.Nl, unicode.Other_Alphabetic} {
			s.addTable(t)
		}
	case "Lowercase":
		s.addTable(unicode.Ll)
		s.addTable(unicode.Other_Lowercase)
	case "Uppercase":
		s.addTable(unicode.Lu)
		s.addTable(unicode.Other_Uppercase)
	case "Math":
		s.addTable(unicode.Sm)
		s.addTable(unicode.Other_Math)
	case "ID_Start":
		for _, t := range []*unicode.RangeTable{unicode.L, unicode.Nl, unicode.Other_ID_Start} {
			s.addTable(t)
		}
		s.normalize()
		return subtract(s, patternChars())
	case "ID_Continue":
		for _, t := range []*unicode.RangeTable{unicode.L, unicode.Nl, unicode.Other_ID_Start, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue} {
			s.addTable(t)
		}
		s.normalize()
		return subtract(s, patternChars())
	default:
		t, ok := unicode.Properties[name]
		if !ok {
			return nil
		}
		s.addTable(t)
	}
	s.normalize()
	return s
}

// patternChars returns Pattern_Syntax and Pattern_White_Space.
func patternChars() *charSet {
	s := &charSet{}
	s.addTable(unicode.Pattern_Syntax)
	s.addTable(unicode.Pattern_White_Space)
	s.normalize()
	return s
}

// unassigned returns the code points of no General_Category but Cn.
func unassigned() *charSet {
	s := &charSet{}
	for name, t := range unicode.Categories {
		if len(name) == 2 {
			s.addTable(t)
		}
	}
	s.normalize()
	return complement(s)
}
