// WekaSummary prints what Weka's loader makes of a data file, one line per
// attribute: its name, its kind (numeric, nominal, string, date), how many
// rows lack a value, and for a numeric or date attribute the sum of its
// values in row order (Double.toHexString, so that a reader summing the
// same numbers in the same order must get the same bits), for a nominal
// one its number of values. summary.sh runs it; see README.md.
//
// usage: java -Duser.timezone=UTC -cp weka.jar:. WekaSummary FILE...
// (FILE.csv through CSVLoader, FILE.arff through ArffLoader, as
// ConverterUtils.DataSource picks them; with several files, each summary
// after a line "# file FILE".)
import weka.core.Attribute;
import weka.core.Instances;
import weka.core.converters.ConverterUtils.DataSource;

public class WekaSummary {
  public static void main(String[] args) throws Exception {
    for (String file : args) {
      if (args.length > 1) {
        System.out.println("# file " + file);
      }
      summarize(file);
    }
  }

  static void summarize(String file) throws Exception {
    Instances data = new DataSource(file).getDataSet();
    System.out.println("# rows " + data.numInstances());
    for (int i = 0; i < data.numAttributes(); i++) {
      Attribute a = data.attribute(i);
      int missing = 0;
      double sum = 0;
      for (int r = 0; r < data.numInstances(); r++) {
        if (data.instance(r).isMissing(i)) {
          missing++;
        } else if (a.isNumeric() || a.isDate()) {
          sum += data.instance(r).value(i);
        }
      }
      String kind = a.isDate() ? "date" : a.isNumeric() ? "numeric" : a.isNominal() ? "nominal" : "string";
      String detail = (a.isNumeric() || a.isDate()) ? Double.toHexString(sum) : Integer.toString(a.numValues());
      System.out.println(a.name() + "\t" + kind + "\t" + missing + "\t" + detail);
    }
  }
}
