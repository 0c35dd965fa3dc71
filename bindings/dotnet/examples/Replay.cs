// replay FILE: prints exactly what `deckhand replay FILE` prints (the JSON of the replay,
// docs/cli.md) and exits as it does: 0 for an accepted record, 1 for a refused one, 2 for
// a file that cannot be read (missing, not a regular file, over 64 MiB) or a usage error.
// FILE "-" reads standard input. `replay --path-hex HEX` takes the path as the hex of its
// bytes (what bindings/dotnet/replay passes: Mono decodes arguments, and a name that is not
// UTF-8 would not reach the program). The file is found as the tool finds it, through the C
// library by its name's bytes: statx (stat's errors, in strerror's words) and "not a regular
// file" for anything else, so a FIFO or a directory is never opened; the name is quoted by
// the library (Replay.Quote), the record replayed with its length (NUL bytes included).
using System;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;

static class ReplayProgram
{
    const long InputCap = 64L << 20;

    static int Main(string[] args)
    {
        byte[] path;
        if (args.Length == 2 && args[0] == "--path-hex")
            path = FromHex(args[1]);
        else if (args.Length == 1)
            path = Encoding.UTF8.GetBytes(args[0]);
        else
        {
            Console.Error.WriteLine("replay: takes one FILE (- = standard input)");
            return 2;
        }
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
        byte[] json = Deckhand.Replay.JsonBytes(record);
        stdout.Write(json, 0, json.Length);
        stdout.WriteByte((byte)'\n');
        stdout.Flush();
        const string accepted = "{\"ok\": true";
        return Encoding.UTF8.GetString(json, 0, Math.Min(json.Length, accepted.Length)) == accepted ? 0 : 1;
    }

    // The C library (Linux): a file by the bytes of its name.
    [DllImport("libc", SetLastError = true)] static extern int statx(int dirfd, byte[] path, int flags, uint mask, byte[] buf);
    [DllImport("libc", SetLastError = true)] static extern int open(byte[] path, int flags);
    [DllImport("libc", SetLastError = true)] static extern IntPtr read(int fd, byte[] buf, UIntPtr count);
    [DllImport("libc")] static extern int close(int fd);
    [DllImport("libc")] static extern IntPtr strerror(int errnum);
    const int AtFdcwd = -100, StatxType = 1, OpenReadOnly = 0, OpenCloexec = 0x80000;
    const int StatxModeOffset = 28, FileTypeMask = 0xF000, RegularFile = 0x8000;

    static string OsMessage(int errno)
    {
        IntPtr p = strerror(errno);
        int n = 0;
        while (Marshal.ReadByte(p, n) != 0) ++n;
        var bytes = new byte[n];
        Marshal.Copy(p, bytes, 0, n);
        return Encoding.UTF8.GetString(bytes);
    }

    static string Read(byte[] path, out byte[] record)
    {
        record = null;
        bool isStdin = path.Length == 1 && path[0] == (byte)'-';
        string name = isStdin ? "standard input" : Deckhand.Replay.Quote(path);
        if (isStdin)
        {
            using (Stream input = Console.OpenStandardInput())
                return ReadCapped(name, chunk => input.Read(chunk, 0, chunk.Length), out record);
        }
        var cpath = new byte[path.Length + 1];
        Buffer.BlockCopy(path, 0, cpath, 0, path.Length);
        var stx = new byte[256];  // struct statx: 256 bytes, the same on every architecture
        if (statx(AtFdcwd, cpath, 0, StatxType, stx) != 0)
            return "unreadable_input: cannot read " + name + ": " + OsMessage(Marshal.GetLastWin32Error());
        if ((BitConverter.ToUInt16(stx, StatxModeOffset) & FileTypeMask) != RegularFile)
            return "unreadable_input: cannot read " + name + ": not a regular file";
        int fd = open(cpath, OpenReadOnly | OpenCloexec);
        if (fd < 0)
            return "unreadable_input: cannot read " + name + ": " + OsMessage(Marshal.GetLastWin32Error());
        try
        {
            return ReadCapped(name, chunk => (long)read(fd, chunk, (UIntPtr)(uint)chunk.Length), out record);
        }
        finally
        {
            close(fd);
        }
    }

    // Reads to the end (a negative count: a failure), at most one chunk past the cap.
    static string ReadCapped(string name, Func<byte[], long> readChunk, out byte[] record)
    {
        record = null;
        using (var buffer = new MemoryStream())
        {
            var chunk = new byte[1 << 16];
            long got;
            try
            {
                while ((got = readChunk(chunk)) > 0)
                {
                    buffer.Write(chunk, 0, (int)got);
                    if (buffer.Length > InputCap)
                        return "input_too_large: " + name + " is larger than 64 MiB, the most deckhand reads";
                }
            }
            catch (IOException)
            {
                got = -1;
            }
            if (got < 0) return "unreadable_input: reading " + name + " failed";
            record = buffer.ToArray();
        }
        return null;
    }

    static byte[] FromHex(string hex)
    {
        var b = new byte[hex.Length / 2];
        for (int i = 0; i < b.Length; i++) b[i] = Convert.ToByte(hex.Substring(2 * i, 2), 16);
        return b;
    }

    static void Write(Stream stdout, string text)
    {
        byte[] b = Encoding.UTF8.GetBytes(text);
        stdout.Write(b, 0, b.Length);
        stdout.Flush();
    }

    // s as a JSON string as the tool writes one (a quoted name has no control characters).
    static string JsonString(string s)
    {
        var sb = new StringBuilder("\"");
        foreach (char c in s)
        {
            if (c == '"' || c == '\\') sb.Append('\\').Append(c);
            else if (c == '\n') sb.Append("\\n");
            else if (c == '\t') sb.Append("\\t");
            else if (c == '\r') sb.Append("\\r");
            else if (c < 0x20) sb.AppendFormat("\\u{0:x4}", (int)c);
            else sb.Append(c);
        }
        return sb.Append('"').ToString();
    }
}
