// replay FILE: prints exactly what `deckhand replay FILE` prints (the JSON of the replay,
// docs/cli.md) and exits as it does: 0 for an accepted record, 1 for a refused one, 2 for
// a file that cannot be read (missing, not a regular file, over 64 MiB) or a usage error.
// FILE "-" reads standard input.
using System;
using System.IO;
using System.Text;

static class ReplayProgram
{
    const long InputCap = 64L << 20;

    static int Main(string[] args)
    {
        if (args.Length != 1)
        {
            Console.Error.WriteLine("replay: takes one FILE (- = standard input)");
            return 2;
        }
        string path = args[0];
        byte[] record;
        string why = Read(path, out record);
        Stream stdout = Console.OpenStandardOutput();
        if (why != null)
        {
            string code = why.StartsWith("input_too_large") ? "input_too_large" : "unreadable_input";
            Write(stdout, "{\"ok\": false, \"line\": 0, \"code\": " + JsonString(code) + ", \"message\": "
                  + JsonString(why) + "}\n");
            return 2;
        }
        byte[] json;
        try
        {
            json = Deckhand.Replay.JsonBytes(record);
        }
        catch (ArgumentException e)
        {
            // A NUL byte: the C ABI takes text up to its first NUL (see the README).
            Console.Error.WriteLine("replay: " + e.Message);
            return 2;
        }
        stdout.Write(json, 0, json.Length);
        stdout.WriteByte((byte)'\n');
        stdout.Flush();
        const string accepted = "{\"ok\": true";
        return Encoding.UTF8.GetString(json, 0, Math.Min(json.Length, accepted.Length)) == accepted ? 0 : 1;
    }

    static string Read(string path, out byte[] record)
    {
        record = null;
        string name = path == "-" ? "standard input" : "'" + path + "'";
        Stream input;
        if (path == "-")
            input = Console.OpenStandardInput();
        else
        {
            if (Directory.Exists(path) || !File.Exists(path))
                return "unreadable_input: cannot read " + name + ": " +
                       (Directory.Exists(path) ? "not a regular file" : "No such file or directory");
            try
            {
                input = File.OpenRead(path);
            }
            catch (Exception e)
            {
                return "unreadable_input: cannot read " + name + ": " + e.Message;
            }
        }
        using (input)
        using (var buffer = new MemoryStream())
        {
            var chunk = new byte[1 << 16];
            int got;
            while ((got = input.Read(chunk, 0, chunk.Length)) > 0)
            {
                buffer.Write(chunk, 0, got);
                if (buffer.Length > InputCap)
                    return "input_too_large: " + name + " is larger than 64 MiB, the most deckhand reads";
            }
            record = buffer.ToArray();
        }
        return null;
    }

    static void Write(Stream stdout, string text)
    {
        byte[] b = Encoding.UTF8.GetBytes(text);
        stdout.Write(b, 0, b.Length);
        stdout.Flush();
    }

    static string JsonString(string s)
    {
        var sb = new StringBuilder("\"");
        foreach (char c in s)
        {
            if (c == '"' || c == '\\') sb.Append('\\').Append(c);
            else if (c < 0x20) sb.AppendFormat("\\u{0:x4}", (int)c);
            else sb.Append(c);
        }
        return sb.Append('"').ToString();
    }
}
