// Runs EPUBCheck on many files in one JVM: `java scripts/EPUBCheckBatch.java -cp … FILE...`
// is too slow to start once per file, so the tests call this once per batch. Each file's
// messages are printed between "=== FILE" and "=== EXIT n" lines.
import com.adobe.epubcheck.tool.EpubChecker;

public class EPUBCheckBatch {
    public static void main(String[] args) {
        for (String file : args) {
            System.out.println("=== " + file);
            System.out.flush();
            int status = new EpubChecker().run(new String[] {file});
            System.out.flush();
            System.err.flush();
            System.out.println("=== EXIT " + status);
        }
    }
}
