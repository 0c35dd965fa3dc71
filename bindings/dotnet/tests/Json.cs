// A small JSON reader for the tests (tests/hostile/cases.json, the library's JSON): objects
// keep their keys' order, numbers keep their text (JsonNumber), \u escapes may give lone
// surrogates (the hostile table has one).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

sealed class JsonNumber
{
    public readonly string Text;
    public JsonNumber(string text) { Text = text; }
    public bool IsInteger { get { return Text.IndexOfAny(new[] { '.', 'e', 'E' }) < 0; } }
    public double Double { get { return double.Parse(Text, CultureInfo.InvariantCulture); } }
    public override string ToString() { return Text; }
}

sealed class JsonObject : List<KeyValuePair<string, object>>
{
    public bool Has(string key) { return FindIndex(p => p.Key == key) >= 0; }
    public object this[string key]
    {
        get
        {
            int i = FindIndex(p => p.Key == key);
            if (i < 0) throw new KeyNotFoundException(key);
            return this[i].Value;
        }
    }
    public object Get(string key) { return Has(key) ? this[key] : null; }
}

static class Json
{
    public static object Parse(string text)
    {
        int at = 0;
        object value = Value(text, ref at);
        Space(text, ref at);
        if (at != text.Length) throw new FormatException("JSON: text after the value at " + at);
        return value;
    }

    static void Space(string s, ref int at)
    {
        while (at < s.Length && (s[at] == ' ' || s[at] == '\n' || s[at] == '\r' || s[at] == '\t')) ++at;
    }

    static object Value(string s, ref int at)
    {
        Space(s, ref at);
        if (at >= s.Length) throw new FormatException("JSON: unexpected end");
        char c = s[at];
        if (c == '{')
        {
            var obj = new JsonObject();
            ++at;
            Space(s, ref at);
            if (s[at] == '}') { ++at; return obj; }
            while (true)
            {
                Space(s, ref at);
                string key = Str(s, ref at);
                Space(s, ref at);
                Expect(s, ref at, ':');
                obj.Add(new KeyValuePair<string, object>(key, Value(s, ref at)));
                Space(s, ref at);
                if (s[at] == ',') { ++at; continue; }
                Expect(s, ref at, '}');
                return obj;
            }
        }
        if (c == '[')
        {
            var list = new List<object>();
            ++at;
            Space(s, ref at);
            if (s[at] == ']') { ++at; return list; }
            while (true)
            {
                list.Add(Value(s, ref at));
                Space(s, ref at);
                if (s[at] == ',') { ++at; continue; }
                Expect(s, ref at, ']');
                return list;
            }
        }
        if (c == '"') return Str(s, ref at);
        if (Word(s, ref at, "true")) return true;
        if (Word(s, ref at, "false")) return false;
        if (Word(s, ref at, "null")) return null;
        int start = at;
        while (at < s.Length && "+-0123456789.eE".IndexOf(s[at]) >= 0) ++at;
        if (at == start) throw new FormatException("JSON: unexpected '" + c + "' at " + at);
        return new JsonNumber(s.Substring(start, at - start));
    }

    static bool Word(string s, ref int at, string word)
    {
        if (string.CompareOrdinal(s, at, word, 0, word.Length) != 0) return false;
        at += word.Length;
        return true;
    }

    static void Expect(string s, ref int at, char c)
    {
        if (at >= s.Length || s[at] != c) throw new FormatException("JSON: expected '" + c + "' at " + at);
        ++at;
    }

    static string Str(string s, ref int at)
    {
        Expect(s, ref at, '"');
        var sb = new StringBuilder();
        while (true)
        {
            char c = s[at++];
            if (c == '"') return sb.ToString();
            if (c != '\\') { sb.Append(c); continue; }
            char e = s[at++];
            switch (e)
            {
                case '"': sb.Append('"'); break;
                case '\\': sb.Append('\\'); break;
                case '/': sb.Append('/'); break;
                case 'b': sb.Append('\b'); break;
                case 'f': sb.Append('\f'); break;
                case 'n': sb.Append('\n'); break;
                case 'r': sb.Append('\r'); break;
                case 't': sb.Append('\t'); break;
                case 'u':
                    sb.Append((char)int.Parse(s.Substring(at, 4), NumberStyles.HexNumber));
                    at += 4;
                    break;
                default: throw new FormatException("JSON: bad escape at " + at);
            }
        }
    }
}
