// Every function the binding imports is declared in capi/include/deckhand.h with the same
// number of parameters, and the library exports it.
using System;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Text.RegularExpressions;
using Deckhand;

static class HeaderTests
{
    [Test]
    public static void ImportsMatchTheHeader()
    {
        string header = File.ReadAllText(Path.Combine(Runner.Root, "capi", "include", "deckhand.h"));
        Type native = typeof(Game).Assembly.GetType("Deckhand.Native", true);
        var imports = native.GetMethods(BindingFlags.Static | BindingFlags.NonPublic)
                            .Where(m => m.GetCustomAttributes(typeof(DllImportAttribute), false).Length > 0)
                            .ToList();
        Assert.True(imports.Count > 50, "imports (" + imports.Count + ")");
        foreach (MethodInfo m in imports)
        {
            Match d = Regex.Match(header, @"DH_API[^;(]*\b" + m.Name + @"\(([^)]*)\);");
            Assert.True(d.Success, m.Name + " is declared in deckhand.h");
            string parameters = d.Groups[1].Value.Trim();
            int count = parameters == "void" ? 0 : parameters.Split(',').Length;
            Assert.Equal(count, m.GetParameters().Length, m.Name + ": parameters");
            Marshal.Prelink(m);  // resolves the entry point in the library where the runtime does
        }
    }

    [Test]
    public static void ErrorLayoutMatchesTheHeader()
    {
        string header = File.ReadAllText(Path.Combine(Runner.Root, "capi", "include", "deckhand.h"));
        Assert.True(header.Contains("char code[40];") && header.Contains("char message[200];"),
                    "dh_error's text fields are the sizes Native.cs reads (40 and 200 bytes after 16)");
        Assert.True(header.Contains("uint8_t cards[28];"), "dh_action is 32 bytes");
    }
}
